# One line per frame of an SVG flame graph (flamegraph.pl's or tflame's
# frame markup): the <title>, <rect> and <text> of each frame group joined.
# Sort the output to compare two SVGs whose frames come in another order.
/^<g id="frames">/ { inframes = 1; next }
inframes && /^<g >$/ { block = ""; next }
inframes && /^<\/g>$/ { if (block != "") print block; block = ""; next }
inframes { block = block $0 }
