#include <umockdev.h>
/* statfs: whether the directory testbeds would go to is memory-backed (TestbedDirectory). */
#include <sys/vfs.h>
