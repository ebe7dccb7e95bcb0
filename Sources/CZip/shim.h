#ifndef INKPDF_CZIP_SHIM_H
#define INKPDF_CZIP_SHIM_H
#include <zip.h>
#endif
