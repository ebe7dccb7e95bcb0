/// How ink is recognised: the languages, where their models are, and the preprocessing each
/// engine reads best (the defaults are what measured best on the project's samples).
public struct RecognitionOptions: Sendable, Equatable {
    public var languages: [RecognitionLanguage]
    public var models: RecognitionModels
    /// The heights of a line's letters in the images tesseract reads, pixels: each line is read at
    /// each, and the reading tesseract is surest of is kept.
    public var letterPixels = [24.0, 40.0]
    /// A reading this sure (mean word confidence) is kept without trying the next scale.
    public var sureEnough = 0.9
    /// The width every stroke is drawn with for tesseract at the first scale (in proportion at the others), pixels.
    public var strokePixels = 2.5
    /// Whether a line's slant is sheared away before tesseract reads it.
    public var deslant = false
    /// How much wider than its letter height a CJK character may be before the next stroke starts another.
    public var zinniaSegmentWidth = 1.05
    /// Whether each CJK character is given to zinnia filling its box (else at its size in the line).
    public var zinniaOwnBox = false
    /// Readings kept besides the first (`alternatives`; for CJK, this many a character).
    public var alternatives = 4
    /// `--redo`: recognise layers that already have `text` entries too (replacing them).
    public var redo = false
    /// Whether Latin lines are read by inkpdf's own handwriting model (when `models.handwriting` has one),
    /// else by tesseract.
    public var ownModel = false

    public init(languages: [RecognitionLanguage], models: RecognitionModels = RecognitionModels()) {
        self.languages = languages
        self.models = models
        if models.handwritingNamed { ownModel = true }
    }
}
