#ifndef INKPDF_CFONTCONFIG_SHIM_H
#define INKPDF_CFONTCONFIG_SHIM_H
// fontconfig and cairo's FreeType font faces: text boxes pick their font file as
// Pango does (fontconfig's order, fonts Pango cannot use left out).
#include <fontconfig/fontconfig.h>
#include <cairo-ft.h>
#endif
