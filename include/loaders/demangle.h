/*
 * Rust legacy-mangling clean-up (--demangle), as inferno does it.
 *
 * perf and DTrace often print Rust symbols half demangled:
 * "gc::gc::GcBox$LT$T$GT$::new::_$u7b$$u7b$closure$u7d$$u7d$::ha2ed0674a1c3dc9f".
 * Only a symbol ending in a "::h" + 16 hex digits hash is touched: the hash
 * goes, a leading "_$" becomes "$", ".." becomes "::", and the escapes
 * $SP$ $BP$ $RF$ $LT$ $GT$ $LP$ $RP$ $C$ and $uXX$ (for the characters Rust
 * escapes) are decoded.  At an escape it does not know, decoding stops and
 * the rest is kept as it is.
 */
#ifndef TFLAME_LOADERS_DEMANGLE_H
#define TFLAME_LOADERS_DEMANGLE_H

#include <stddef.h>

/* Demangle s[0..len) in place; returns the new length (never longer). */
size_t rust_demangle(char *s, size_t len);

#endif
