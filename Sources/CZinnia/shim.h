#ifndef INKPDF_CZINNIA_SHIM_H
#define INKPDF_CZINNIA_SHIM_H
// zinnia's C API: an online recogniser that reads one CJK character from its
// strokes (pen order), n-best with scores.
//
// Opened when recognition first needs it (dlopen), not linked, as tesseract is
// (CTesseract/shim.h): the functions are reached through one table whose fields
// have the declared functions' own types.
#include <dlfcn.h>
#include <zinnia.h>

#define INKPDF_ZINNIA_FUNCTIONS(F) \
    F(zinnia_recognizer_new) F(zinnia_recognizer_open) F(zinnia_recognizer_strerror) F(zinnia_recognizer_destroy) \
    F(zinnia_recognizer_classify) F(zinnia_character_new) F(zinnia_character_destroy) F(zinnia_character_clear) \
    F(zinnia_character_set_width) F(zinnia_character_set_height) F(zinnia_character_add) \
    F(zinnia_result_size) F(zinnia_result_value) F(zinnia_result_score) F(zinnia_result_destroy)

/// zinnia's functions, each field named and typed as the function it holds.
typedef struct {
#define INKPDF_ZINNIA_FIELD(name) __typeof__(&name) _Nonnull name;
    INKPDF_ZINNIA_FUNCTIONS(INKPDF_ZINNIA_FIELD)
#undef INKPDF_ZINNIA_FIELD
} InkpdfZinnia;

/// Opens `library` and fills the table once; NULL with `*error` set to dlerror's words
/// (or the missing function's name) when it cannot. Not thread-safe: call it once.
static inline const InkpdfZinnia * _Nullable inkpdf_zinnia_open(const char * _Nonnull library,
                                                                const char * _Nullable * _Nonnull error) {
    static InkpdfZinnia table;
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) { *error = dlerror(); return NULL; }
#define INKPDF_ZINNIA_LOAD(name) \
    if (!(table.name = (__typeof__(&name))dlsym(handle, #name))) { *error = #name; return NULL; }
    INKPDF_ZINNIA_FUNCTIONS(INKPDF_ZINNIA_LOAD)
#undef INKPDF_ZINNIA_LOAD
    return &table;
}
#endif
