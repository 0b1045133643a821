// Drive a headless Chromium over the DevTools protocol (--remote-debugging-pipe:
// JSON messages ended by a NUL byte on file descriptors 3 and 4), with no
// npm package.  Usage:
//	node browser.js CHROMIUM SVG SEARCHED_SVG OUTDIR
// SVG is tflame's SVG of tests/data/svg/tricky.folded, SEARCHED_SVG the
// same written with --search='^ns::'.  Screenshots go to OUTDIR.  Prints
// "ok NAME" or "FAIL NAME: why" per check, and exits 1 when one failed.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const [chromium, svgPath, searchedPath, outDir] = process.argv.slice(2);
let failures = 0;

function check(name, cond, why) {
	if (cond) {
		console.log("ok " + name);
	} else {
		failures++;
		console.log("FAIL " + name + (why !== undefined ? ": " + why : ""));
	}
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tflame-chromium-"));
const browser = spawn(chromium, [
	"--headless", "--no-sandbox", "--disable-gpu",
	"--disable-background-networking", "--disable-component-update",
	"--no-first-run", "--user-data-dir=" + profile,
	"--remote-debugging-pipe", "--window-size=1200,800", "about:blank",
], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const toBrowser = browser.stdio[3], fromBrowser = browser.stdio[4];

let nextId = 1, pending = new Map(), listeners = [], buffered = "";
fromBrowser.on("data", (chunk) => {
	buffered += chunk.toString("utf8");
	let end;
	while ((end = buffered.indexOf("\0")) >= 0) {
		const msg = JSON.parse(buffered.slice(0, end));
		buffered = buffered.slice(end + 1);
		if (msg.id !== undefined && pending.has(msg.id)) {
			const p = pending.get(msg.id);
			pending.delete(msg.id);
			if (msg.error)
				p.reject(new Error(JSON.stringify(msg.error)));
			else
				p.resolve(msg.result);
		} else if (msg.method) {
			listeners.forEach((l) => l(msg));
		}
	}
});

function send(method, params, sessionId) {
	const id = nextId++;
	const msg = { id, method, params: params || {} };
	if (sessionId)
		msg.sessionId = sessionId;
	toBrowser.write(JSON.stringify(msg) + "\0");
	return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}

function waitEvent(method, timeoutMs) {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error("timeout: " + method)),
		    timeoutMs || 10000);
		const l = (msg) => {
			if (msg.method === method) {
				clearTimeout(timer);
				listeners = listeners.filter((x) => x !== l);
				resolve(msg.params);
			}
		};
		listeners.push(l);
	});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
	const { targetInfos } = await send("Target.getTargets");
	const page = targetInfos.find((t) => t.type === "page");
	const { sessionId } = await send("Target.attachToTarget",
	    { targetId: page.targetId, flatten: true });
	const cmd = (m, p) => send(m, p, sessionId);
	const evaluate = async (expr) => {
		const r = await cmd("Runtime.evaluate",
		    { expression: expr, returnByValue: true });
		if (r.exceptionDetails)
			throw new Error(expr + ": " + JSON.stringify(r.exceptionDetails));
		return r.result.value;
	};
	const load = async (url) => {
		const loaded = waitEvent("Page.loadEventFired");
		await cmd("Page.navigate", { url });
		await loaded;
		await sleep(200);
	};
	const shot = async (name) => {
		const { data } = await cmd("Page.captureScreenshot", { format: "png" });
		fs.writeFileSync(path.join(outDir, name), Buffer.from(data, "base64"));
	};
	// The frame whose name is exactly name: its centre and state.
	const frame = (name) => evaluate(`(() => {
		const f = fg.frames.find((f) => f.name === ${JSON.stringify(name)});
		if (!f) return null;
		const b = f.rect.getBoundingClientRect();
		return { x: b.left + b.width / 2, y: b.top + b.height / 2,
		    rx: f.rect.getAttribute("x"), rw: f.rect.getAttribute("width"),
		    fill: f.rect.getAttribute("fill"), cls: f.g.getAttribute("class") || "",
		    label: f.text.textContent };
	})()`);
	const click = async (x, y) => {
		await cmd("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
		await cmd("Input.dispatchMouseEvent",
		    { type: "mousePressed", x, y, button: "left", clickCount: 1 });
		await cmd("Input.dispatchMouseEvent",
		    { type: "mouseReleased", x, y, button: "left", clickCount: 1 });
		await sleep(100);
	};
	const key = async (k, code, vk, modifiers) => {
		for (const type of ["keyDown", "keyUp"])
			await cmd("Input.dispatchKeyEvent", { type, key: k, code,
			    windowsVirtualKeyCode: vk, modifiers });
		await sleep(100);
	};
	const text = (id) => evaluate(`document.getElementById("${id}").textContent`);
	const fileUrl = (p) => "file://" + path.resolve(p);

	await cmd("Page.enable");
	await cmd("Runtime.enable");
	await cmd("Emulation.setDeviceMetricsOverride",
	    { width: 1200, height: 800, deviceScaleFactor: 1, mobile: false });
	// Answer the search prompt with whatever the test queued.
	let answer = null;
	listeners.push((msg) => {
		if (msg.method === "Page.javascriptDialogOpening" && msg.sessionId === sessionId)
			cmd("Page.handleJavaScriptDialog",
			    { accept: answer !== null, promptText: answer || "" });
	});

	// 1. The graph as written: labels, no zoom, no search.
	await load(fileUrl(svgPath));
	const n = await evaluate("fg.frames.length");
	check("frames read by the script", n > 20, n);
	await shot("1-loaded.png");

	// 2. Hover shows the details line.
	let f = await frame("LazyCompile:~run /app/x.js:10");
	await cmd("Input.dispatchMouseEvent", { type: "mouseMoved", x: f.x, y: f.y });
	await sleep(100);
	const details = await text("details");
	check("hover: details line", /^Function: LazyCompile:~run \/app\/x\.js:10 \(5 samples, [0-9.]+%\)$/.test(details), details);

	// 3. Click zooms: the frame fills the width, its parent stays dimmed,
	// a sibling hides, a callee is rescaled, "Reset Zoom" appears.
	f = await frame("ns::f");
	await click(f.x, f.y);
	const z = await frame("ns::f");
	check("click: zoomed frame fills the width", z.rx === "10.00" && z.rw === "1180.00", JSON.stringify(z));
	const par = await frame("main");
	check("click: parent kept, dimmed", /\bparent\b/.test(par.cls) && par.rw === "1180.00", JSON.stringify(par));
	const sib = await frame("foo-bar");
	check("click: sibling hidden", /\bhide\b/.test(sib.cls), JSON.stringify(sib));
	// "ns::f" is drawn twice (its callee "g" is under the second one: the
	// lines sort "ns::f 4" < "ns::f::{{closure}} 2" < "ns::f;g 1").
	const other = await frame("g");
	check("click: the other ns::f's callee hidden", /\bhide\b/.test(other.cls), JSON.stringify(other));
	check("click: label refitted", z.label === "ns::f", z.label);
	await shot("2-zoomed.png");
	await key("Escape", "Escape", 27, 0);
	check("Escape resets the zoom", !/\bhide\b/.test((await frame("foo-bar")).cls));
	f = await frame("LazyCompile:~run");
	await click(f.x, f.y);
	// Widths scale from the rounded widths in the file: within 1%.
	const callee = await frame("inner");
	check("click: callee rescaled", !/\bhide\b/.test(callee.cls) && Math.abs(parseFloat(callee.rw) - 1180 / 3) < 1180 / 3 / 100, JSON.stringify(callee));
	check("click: sibling of the new zoom hidden", /\bhide\b/.test((await frame("ns::f")).cls));
	const unzoomCls = await evaluate(`document.getElementById("unzoom").getAttribute("class")`);
	check("click: Reset Zoom shown", !/\bhide\b/.test(unzoomCls || ""), unzoomCls);
	const href = await evaluate("window.location.href");
	check("click: zoom kept in the URL", /[?&]x=[0-9.]+&y=[0-9.]+/.test(href), href);
	await shot("3-zoomed-again.png");

	// 4. Reset Zoom.
	const u = await evaluate(`(() => { const b = document.getElementById("unzoom").getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; })()`);
	await click(u.x, u.y);
	const back = await frame("foo-bar");
	const orig = await evaluate(`fg.frames.find((f) => f.name === "foo-bar").ws`);
	check("Reset Zoom restores the graph", back.cls.indexOf("hide") < 0 && back.rw === orig, JSON.stringify(back));

	// 5. Ctrl-F asks for a regular expression; matches turn purple and
	// "Matched:" gives their share of all samples.
	answer = "^ns::";
	await key("f", "KeyF", 70, 2);
	await sleep(200);
	const hit = await frame("ns::f"), hit2 = await frame("ns::f::{{closure}}");
	const miss = await frame("main");
	check("Ctrl-F search highlights matches", hit.fill === "rgb(230,0,230)" && hit2.fill === "rgb(230,0,230)" && miss.fill !== "rgb(230,0,230)", JSON.stringify([hit.fill, hit2.fill, miss.fill]));
	const want = await evaluate(`(() => {
		const s = (n) => fg.frames.filter((f) => f.name === n)
		    .reduce((sum, f) => sum + f.samples, 0);
		return "Matched: " + (100 * (s("ns::f") + s("ns::f::{{closure}}")) / s("all")).toFixed(1) + "%";
	})()`);
	const matched = await text("matched");
	check("Matched: share of the samples", matched === want, matched + " vs " + want);
	check("search button says Reset Search", (await text("search")) === "Reset Search");
	await shot("4-searched.png");

	// 6. Case: "^NS::" finds nothing, then Ctrl-I finds both again.
	await key("f", "KeyF", 70, 2); // resets the search
	check("Ctrl-F again resets the search", (await frame("ns::f")).fill !== "rgb(230,0,230)");
	answer = "^NS::";
	await key("f", "KeyF", 70, 2);
	check("search is case-sensitive", (await frame("ns::f")).fill !== "rgb(230,0,230)");
	await key("i", "KeyI", 73, 2);
	check("Ctrl-I ignores case", (await frame("ns::f")).fill === "rgb(230,0,230)");
	answer = null;

	// 7. URL state: zoom and search from ?x=..&y=..&s=..
	const orig2 = await evaluate(`(() => { const f = fg.frames.find((f) => f.name === "LazyCompile:~run"); return { x: f.xs, y: f.ys }; })()`);
	await load(fileUrl(svgPath) + "?x=" + orig2.x + "&y=" + orig2.y + "&s=inner");
	const uz = await frame("LazyCompile:~run");
	const ui = await frame("inner");
	check("URL: zoom restored", uz.rw === "1180.00", JSON.stringify(uz));
	check("URL: search restored", ui.fill === "rgb(230,0,230)" && /^Matched: /.test(await text("matched")), JSON.stringify(ui));
	await shot("5-url-state.png");

	await load(fileUrl(svgPath) + "?s=" + encodeURIComponent("(?i)^NS::F$"));
	check("URL: a leading (?i) ignores case", (await frame("ns::f")).fill === "rgb(230,0,230)" && (await frame("ns::f::{{closure}}")).fill !== "rgb(230,0,230)");
	await load(fileUrl(svgPath) + "?s=" + encodeURIComponent("(unclosed"));
	check("a bad regular expression is reported", (await text("matched")) === "Bad regular expression");
	await load(fileUrl(svgPath) + "?x=" + orig2.x + "&y=" + orig2.y + "&s=inner");

	// 8. Clicking the root resets the zoom.
	const root = await frame("all");
	await click(root.x, root.y);
	check("click on the root resets", !/\bhide\b/.test((await frame("foo-bar")).cls));

	// 9. The search written in the file (--search) applies on load.
	await load(fileUrl(searchedPath));
	check("--search applied on load", (await frame("ns::f")).fill === "rgb(230,0,230)" && /^Matched: /.test(await text("matched")));

	// 10. The zoom written in the file (the viewer's export) applies on load.
	const zoomed = path.join(outDir, "zoomed-in-file.svg");
	const z0 = await evaluate(`(() => { const f = fg.frames.find((f) => f.name === "café"); return { x: f.xs, y: f.ys }; })()`);
	fs.writeFileSync(zoomed, fs.readFileSync(svgPath, "utf8").replace(
	    '"zoom": null}', '"zoom": {"x": "' + z0.x + '", "y": "' + z0.y + '"}}'));
	await load(fileUrl(zoomed));
	const zc = await frame("café"), zn = await frame("naïve");
	check("zoom in the file applies on load", zc.rw === "1180.00" && zn.rw === "1180.00", JSON.stringify([zc, zn]));
	await shot("6-zoom-in-file.png");
}

main().catch((e) => {
	failures++;
	console.log("FAIL driver: " + e.message);
}).finally(() => {
	// Chromium writes into its profile until it has exited: delete the
	// profile only then (SIGKILL after 10 s if SIGTERM is not enough).
	// Its helper processes (crashpad, the GPU and network services) may
	// still be writing there for a moment after the main one has gone:
	// retry, and a profile that cannot be removed is left with a note
	// (it is in the temporary directory), never a failed test.
	const finish = (tries = 0) => {
		try {
			fs.rmSync(profile, { recursive: true, force: true,
			    maxRetries: 10, retryDelay: 100 });
		} catch (e) {
			if (tries < 20) {
				setTimeout(() => finish(tries + 1), 250);
				return;
			}
			console.log("note: browser profile left in " + profile +
			    ": " + e.code);
		}
		process.exit(failures ? 1 : 0);
	};
	if (browser.exitCode !== null || browser.signalCode !== null) {
		finish();
		return;
	}
	browser.once("exit", () => finish());
	browser.kill();
	setTimeout(() => browser.kill("SIGKILL"), 10000).unref();
});
