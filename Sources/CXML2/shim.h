#ifndef INKPDF_CXML2_SHIM_H
#define INKPDF_CXML2_SHIM_H
// libxml2's pull reader (xmlTextReader), used by the Xournal++ importer to
// stream content.xml without building a tree.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers then clash with the copy of
// ICU inside Foundation. Only the encoding handler's private fields use ICU
// types, and inkpdf never touches them, so leave ICU out.
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>
#endif
