#ifndef INKPDF_CTESSERACT_SHIM_H
#define INKPDF_CTESSERACT_SHIM_H
// tesseract's C API (TessBaseAPI, its result and choice iterators): the line
// recogniser behind `inkpdf recognize`, reading the ink drawn alone.
//
// The library is opened when recognition first runs (dlopen), not linked: linked,
// it and what it loads (leptonica, libarchive, libcurl, libgomp) cost every inkpdf
// process about 5 MB at start-up, recognising or not. The functions are reached
// through one table whose fields have the declared functions' own types.
#include <dlfcn.h>
#include <tesseract/capi.h>

#define INKPDF_TESSERACT_FUNCTIONS(F) \
    F(TessBaseAPICreate) F(TessBaseAPIInit2) F(TessBaseAPIDelete) F(TessBaseAPIEnd) \
    F(TessBaseAPISetVariable) F(TessBaseAPISetImage) F(TessBaseAPISetSourceResolution) \
    F(TessBaseAPISetPageSegMode) F(TessBaseAPIClear) F(TessBaseAPIRecognize) F(TessBaseAPIGetIterator) \
    F(TessResultIteratorDelete) F(TessResultIteratorGetPageIteratorConst) F(TessResultIteratorGetUTF8Text) \
    F(TessResultIteratorConfidence) F(TessResultIteratorWordRecognitionLanguage) \
    F(TessResultIteratorGetChoiceIterator) F(TessResultIteratorNext) \
    F(TessPageIteratorIsAtBeginningOf) F(TessPageIteratorBoundingBox) \
    F(TessChoiceIteratorGetUTF8Text) F(TessChoiceIteratorConfidence) F(TessChoiceIteratorNext) \
    F(TessChoiceIteratorDelete) F(TessDeleteText)

/// tesseract's functions, each field named and typed as the function it holds.
typedef struct {
#define INKPDF_TESSERACT_FIELD(name) __typeof__(&name) _Nonnull name;
    INKPDF_TESSERACT_FUNCTIONS(INKPDF_TESSERACT_FIELD)
#undef INKPDF_TESSERACT_FIELD
    /// libgomp's, loaded with tesseract (none when tesseract was built without OpenMP).
    void (* _Nullable omp_set_max_active_levels)(int);
} InkpdfTesseract;

/// Opens `library` and fills the table once; NULL with `*error` set to dlerror's words
/// (or the missing function's name) when it cannot. Not thread-safe: call it once.
static inline const InkpdfTesseract * _Nullable inkpdf_tesseract_open(const char * _Nonnull library,
                                                                      const char * _Nullable * _Nonnull error) {
    static InkpdfTesseract table;
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) { *error = dlerror(); return NULL; }
#define INKPDF_TESSERACT_LOAD(name) \
    if (!(table.name = (__typeof__(&name))dlsym(handle, #name))) { *error = #name; return NULL; }
    INKPDF_TESSERACT_FUNCTIONS(INKPDF_TESSERACT_LOAD)
#undef INKPDF_TESSERACT_LOAD
    table.omp_set_max_active_levels = (void (*)(int))dlsym(handle, "omp_set_max_active_levels");
    return &table;
}
#endif
