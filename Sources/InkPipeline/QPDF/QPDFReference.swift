import CQPDF
import Foundation

/// An indirect object's number and generation.
struct QPDFReference: Hashable, Sendable {
    var id: Int32
    var generation: Int32
}
