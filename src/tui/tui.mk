# Build lines for the layout (core) and the terminal viewer (included from
# Makefile.am).
