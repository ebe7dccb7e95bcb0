#ifndef INKPDF_CPOPPLER_SHIM_H
#define INKPDF_CPOPPLER_SHIM_H
#include <poppler.h>
#include <glib.h>
#include <glib-object.h>

/// GLib's g_object_unref takes a gpointer; this spelling keeps Swift call sites typed.
static inline void inkpdf_g_object_unref(void *object) { g_object_unref(object); }
#endif
