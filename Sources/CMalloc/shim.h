#ifndef INKPDF_CMALLOC_SHIM_H
#define INKPDF_CMALLOC_SHIM_H
// glibc's allocator controls (malloc_trim, mallopt), which its Swift module leaves out.
#include <malloc.h>
#endif
