/* kernel.h - entry point of the Jupyter kernel: `sable kernel -f CONNECTION_FILE`.
 * The CLI passes the arguments that follow "kernel"; the return value is the exit status. */
#ifndef SABLE_KERNEL_H
#define SABLE_KERNEL_H

int krn_main(int argc, char **argv);

#endif
