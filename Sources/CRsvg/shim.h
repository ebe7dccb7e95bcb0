#ifndef INKPDF_CRSVG_SHIM_H
#define INKPDF_CRSVG_SHIM_H
/*
 * The few librsvg 2.46+ functions inkpdf calls (librsvg2-dev, /usr/include/librsvg-2.0/librsvg/rsvg.h),
 * declared as that header declares them. The header itself is not included: it pulls in gio and
 * gdk-pixbuf, whose pkg-config flags carry -pthread, which SwiftPM prohibits with a warning on
 * every build. The module is built against gobject-2.0 (GError, g_object_unref) instead and links
 * librsvg-2 by name; cairo_t is cairo's opaque context, the one CCairo hands out.
 */
#include <glib-object.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo cairo_t;

typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
#endif
