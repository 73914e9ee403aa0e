#ifndef SEGUELAB_CLIBEDIT_SHIM_H
#define SEGUELAB_CLIBEDIT_SHIM_H
#include <stdio.h>
#include <histedit.h>
#endif
