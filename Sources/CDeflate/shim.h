#ifndef INKPDF_CDEFLATE_SHIM_H
#define INKPDF_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
