/// How finely ink coordinates are written: the PDF content writer rounds them
/// to 1/`unitsPerPoint` pt (`PDFGrid.ink`, integers under one `cm`) and the
/// cairo painter snaps its rasters to the same points, so that a raster and the
/// PDF show the same ink.
public enum InkGrid {
    /// 1/12 pt (0.021 mm; at most 1/24 pt from the geometry): the coarsest grid whose every
    /// page of the benchmark stays above SSIM 0.99 near ink (docs/benchmarks.md, "The ink's
    /// geometry and content").
    public static let unitsPerPoint = 12
}
