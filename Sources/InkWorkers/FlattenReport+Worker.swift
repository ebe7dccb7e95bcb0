import InkPipeline
import Foundation

extension FlattenReport {
    /// The report as the worker prints it: one JSON object on one line.
    public var json: Data {
        var object: [String: Any] = ["output": output, "pageCount": pageCount, "inkedPageCount": inkedPageCount,
                                     "strokeCount": strokeCount, "warnings": warnings]
        if let sidecar { object["sidecar"] = sidecar }
        if let recognisedText { object["recognisedText"] = recognisedText }
        if !summary.isEmpty { object["summary"] = summary }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// What the worker prints instead of a report when `--unless-up-to-date` found the output up to date.
    public static let upToDateReply = Data(#"{"upToDate":true}"#.utf8)

    /// Whether `output` (what the worker printed) is `upToDateReply`.
    static func isUpToDateReply(_ output: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any] else { return false }
        return object["upToDate"] as? Bool == true
    }

    init?(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let output = object["output"] as? String, let pageCount = object["pageCount"] as? Int,
              let inked = object["inkedPageCount"] as? Int, let strokes = object["strokeCount"] as? Int,
              let warnings = object["warnings"] as? [String] else { return nil }
        self.init(output: output, sidecar: object["sidecar"] as? String, pageCount: pageCount, inkedPageCount: inked,
                  strokeCount: strokes, warnings: warnings)
        recognisedText = object["recognisedText"] as? String
        summary = object["summary"] as? [String] ?? []
    }
}
