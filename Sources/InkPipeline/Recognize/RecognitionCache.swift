import InkModel
import LibCrypto

/// The `text` entries an earlier run recognised, kept in the sidecar beside its output (`NAME.ink.jsonl.gz`: the
/// ink-layers sidecar, or beside another tool's document the ink-layers file of its words): a layer that is the same
/// again (the same page, name, strokes and keys, its `text` aside) gets them back instead of being read again.
/// Only a sidecar that records recognition in the same languages (`Flattener.recognisedKey`) is a cache.
public struct RecognitionCache: Sendable {
    /// By the SHA-256 of the layer's line without its `text`: that layer's `text` entries.
    private var entries: [[UInt8]: JSONValue] = [:]

    public var isEmpty: Bool { entries.isEmpty }

    /// The layers of the sidecar at `path` that have `text` entries, when its header says they were recognised
    /// in `languages`; empty when there is no such sidecar or it cannot be read (it is only a cache).
    public init(sidecar path: String, languages: String) {
        guard let reader = try? InkLayersReader(path: path),
              case .object(let source)? = reader.header.extra[Flattener.sourceKey],
              source[Flattener.recognisedKey] == .string(languages) else { return }
        do {
            while let layer = try reader.nextLayer() {
                guard layer.hasRecognisedText, let text = layer.extra[RecognisedText.key], let key = Self.key(of: layer) else { continue }
                entries[key] = text
            }
        } catch {
            entries = [:]
        }
    }

    /// The `text` entries an earlier run gave a layer that is `layer` but for its `text`; nil when none did.
    func text(for layer: PageLayer) -> JSONValue? {
        guard !entries.isEmpty, let key = Self.key(of: layer) else { return nil }
        return entries[key]
    }

    private static func key(of layer: PageLayer) -> [UInt8]? {
        var bare = layer
        bare.extra[RecognisedText.key] = nil
        guard let line = try? bare.encodedLine(file: "cache") else { return nil }
        return try? MessageDigest.sha256.digest(line)
    }
}
