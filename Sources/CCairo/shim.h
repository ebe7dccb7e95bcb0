#ifndef INKPDF_CCAIRO_SHIM_H
#define INKPDF_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#endif
