import LibPoppler

/// An annotation the reader turned into strokes, told apart the way poppler can
/// tell it on its own page (`AnnotationReference`): by subtype, by its place among
/// the page's annotations of that subtype that poppler loads (a dictionary with a
/// `/Rect` of four numbers and the subtype's own key), and by `/NM` when it is a
/// string. Flatten hides these on poppler's page before drawing it, so that each is
/// drawn once, as ink.
public typealias ConvertedAnnotation = AnnotationReference
