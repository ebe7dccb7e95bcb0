#ifndef INKPDF_CZLIB_SHIM_H
#define INKPDF_CZLIB_SHIM_H
#include <zlib.h>
#endif
