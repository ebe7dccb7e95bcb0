#ifndef INKPDF_CZINNIA_SHIM_H
#define INKPDF_CZINNIA_SHIM_H
// zinnia's C API: an online recogniser that reads one CJK character from its
// strokes (pen order), n-best with scores.
#include <zinnia.h>
#endif
