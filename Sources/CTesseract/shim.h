#ifndef INKPDF_CTESSERACT_SHIM_H
#define INKPDF_CTESSERACT_SHIM_H
// tesseract's C API (TessBaseAPI, its result and choice iterators): the line
// recogniser behind `inkpdf recognize`, reading the ink drawn alone.
#include <tesseract/capi.h>
#endif
