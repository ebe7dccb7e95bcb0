import InkModel
import InkPipeline
import Foundation

extension DocumentSearch.Outcome {
    /// The outcome as a search worker prints it: one JSON object on one line.
    public var json: Data {
        let found: [[String: Any]] = hits.map { hit in
            var object: [String: Any] = ["page": hit.page, "text": hit.text, "kind": hit.kind.rawValue, "score": hit.score]
            if let box = hit.box { object["box"] = [box.x, box.y, box.width, box.height] }
            return object
        }
        let object: [String: Any] = ["hits": found, "leftOut": leftOut, "pages": pages, "warnings": warnings, "failed": failed]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// The outcome a search worker printed; nil when it is not one.
    public init?(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let found = object["hits"] as? [[String: Any]], let leftOut = object["leftOut"] as? Int,
              let pages = object["pages"] as? Int, let warnings = object["warnings"] as? [String],
              let failed = object["failed"] as? Bool else { return nil }
        self.init()
        for hit in found {
            guard let page = hit["page"] as? Int, let text = hit["text"] as? String,
                  let kind = (hit["kind"] as? String).flatMap(SearchHit.Kind.init(rawValue:)) else { return nil }
            var box: RecognisedText.Box?
            if let numbers = hit["box"] as? [Double], numbers.count == 4 {
                box = RecognisedText.Box(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
            hits.append(SearchHit(page: page, text: text, kind: kind, box: box, score: (hit["score"] as? Double) ?? 1))
        }
        self.leftOut = leftOut
        self.pages = pages
        self.warnings = warnings
        self.failed = failed
    }
}
