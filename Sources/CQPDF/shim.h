#ifndef INKPDF_CQPDF_SHIM_H
#define INKPDF_CQPDF_SHIM_H
#include <qpdf/qpdf-c.h>
#include <qpdf/qpdfjob-c.h>
#endif
