/* repl.h - the interactive terminal front end (line editing, history, completion). */
#ifndef SABLE_REPL_H
#define SABLE_REPL_H

int repl_main(int argc, char **argv);

#endif
