/*
 * tflame --version: the version and the features this binary was built
 * with, for a bug report or a box one copied the binary to.
 */
#ifndef TFLAME_CLI_VERSION_H
#define TFLAME_CLI_VERSION_H

/* Print the version and the features built in to standard output. */
void version_print(void);

#endif /* TFLAME_CLI_VERSION_H */
