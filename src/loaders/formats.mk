# Build lines for the SystemTap and DTrace loaders and their tests
# (included from Makefile.am).
