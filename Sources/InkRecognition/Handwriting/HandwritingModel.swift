import Foundation

/// inkpdf's own handwriting line model (`make train-handwriting`, scripts/handwriting/): a small
/// convolutional and recurrent network that reads a line of handwriting, drawn by
/// `HandwritingLineImage`, into per-column character probabilities for CTC decoding.
///
/// The file (`handwriting-latin.bin`): the magic `INKHW001`, a little-endian UInt32 header
/// length, a JSON header (height, charset, normalisation, layers), then the layers' float32
/// weights in header order (scripts/handwriting/README.md).
public final class HandwritingModel: @unchecked Sendable {
    enum Layer {
        case conv2d(input: Int, output: Int, kernelHeight: Int, kernelWidth: Int, relu: Bool, weights: [Float], bias: [Float])
        case maxpool(height: Int, width: Int)
        case columns
        case bilstm(input: Int, hidden: Int, forward: LSTMWeights, backward: LSTMWeights)
        case conv1d(input: Int, output: Int, kernel: Int, dilation: Int, relu: Bool, weights: [Float], bias: [Float])
        case linear(input: Int, output: Int, weights: [Float], bias: [Float])
    }

    struct LSTMWeights {
        var inputWeights: [Float]      // [4h][in]
        var recurrentWeights: [Float]  // [4h][h]
        var bias: [Float]              // [4h]
    }

    /// The failures of loading a model file, as one line each.
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case notAModel(String)

        public var description: String {
            switch self {
            case .unreadable(let reason): "it cannot be read (\(reason))"
            case .notAModel(let reason): "it is not an inkpdf handwriting model (\(reason))"
            }
        }
    }

    /// Image height, pixels.
    public let height: Int
    /// The characters of classes 1...; class 0 is CTC's blank.
    public let charset: [Character]
    /// The normalisation the model was trained with (`HandwritingLineImage`).
    let normalisation: HandwritingLineImage.Normalisation
    let layers: [Layer]
    /// How many image columns one output column covers.
    let columnStride: Int

    /// The largest file read (a committed model is a few megabytes).
    static let maximumBytes = 64 << 20

    public convenience init(path: String) throws(LoadError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("no such file or no permission") }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data() } catch { throw .unreadable("\(error)") }
        guard data.count <= Self.maximumBytes else { throw .notAModel("larger than \(Self.maximumBytes >> 20) MB") }
        try self.init(bytes: [UInt8](data))
    }

    public init(bytes: [UInt8]) throws(LoadError) {
        guard bytes.count >= 12, Array(bytes[0..<8]) == Array("INKHW001".utf8) else { throw .notAModel("no INKHW001 magic") }
        let headerLength = Int(UInt32(bytes[8]) | UInt32(bytes[9]) << 8 | UInt32(bytes[10]) << 16 | UInt32(bytes[11]) << 24)
        guard headerLength > 0, 12 + headerLength <= bytes.count else { throw .notAModel("its header runs past the end") }
        guard let header = try? JSONSerialization.jsonObject(with: Data(bytes[12..<(12 + headerLength)])) as? [String: Any],
              let height = header["height"] as? Int, height >= 8, height <= 256,
              let charset = header["charset"] as? String, !charset.isEmpty,
              let layerList = header["layers"] as? [[String: Any]], !layerList.isEmpty
        else { throw .notAModel("its header lacks height, charset or layers") }
        self.height = height
        self.charset = Array(charset.unicodeScalars.map(Character.init))
        normalisation = HandwritingLineImage.Normalisation(header["normalisation"] as? [String: Any])
        var reader = WeightReader(bytes: bytes, offset: 12 + headerLength)
        var layers: [Layer] = []
        var stride = 1
        func int(_ layer: [String: Any], _ key: String) throws(LoadError) -> Int {
            guard let value = layer[key] as? Int, value > 0, value <= 4096 else { throw .notAModel("layer \(layers.count): no \(key)") }
            return value
        }
        func pair(_ layer: [String: Any], _ key: String) throws(LoadError) -> (Int, Int) {
            guard let value = layer[key] as? [Int], value.count == 2, value.allSatisfy({ $0 > 0 && $0 <= 64 }) else {
                throw .notAModel("layer \(layers.count): no \(key)")
            }
            return (value[0], value[1])
        }
        for layer in layerList {
            switch layer["type"] as? String {
            case "conv2d":
                let input = try int(layer, "in"), output = try int(layer, "out"), (kh, kw) = try pair(layer, "kernel")
                let weights = try reader.floats(output * input * kh * kw), bias = try reader.floats(output)
                layers.append(.conv2d(input: input, output: output, kernelHeight: kh, kernelWidth: kw,
                                      relu: layer["relu"] as? Bool ?? false, weights: weights, bias: bias))
            case "maxpool":
                let (kh, kw) = try pair(layer, "kernel")
                stride *= kw
                layers.append(.maxpool(height: kh, width: kw))
            case "columns":
                layers.append(.columns)
            case "bilstm":
                let input = try int(layer, "in"), hidden = try int(layer, "hidden")
                func direction() throws(LoadError) -> LSTMWeights {
                    LSTMWeights(inputWeights: try reader.floats(4 * hidden * input), recurrentWeights: try reader.floats(4 * hidden * hidden),
                                bias: try reader.floats(4 * hidden))
                }
                let forward = try direction(), backward = try direction()
                layers.append(.bilstm(input: input, hidden: hidden, forward: forward, backward: backward))
            case "conv1d":
                let input = try int(layer, "in"), output = try int(layer, "out"), kernel = try int(layer, "kernel")
                let dilation = try int(layer, "dilation")
                let weights = try reader.floats(output * input * kernel), bias = try reader.floats(output)
                layers.append(.conv1d(input: input, output: output, kernel: kernel, dilation: dilation,
                                      relu: layer["relu"] as? Bool ?? false, weights: weights, bias: bias))
            case "linear":
                let input = try int(layer, "in"), output = try int(layer, "out")
                let weights = try reader.floats(output * input), bias = try reader.floats(output)
                layers.append(.linear(input: input, output: output, weights: weights, bias: bias))
            case let other:
                throw .notAModel("layer \(layers.count) of unknown type \(other ?? "none")")
            }
        }
        guard reader.offset == bytes.count else { throw .notAModel("\(bytes.count - reader.offset) bytes after the last layer's weights") }
        guard case .linear(_, let classes, _, _) = layers.last, classes == self.charset.count + 1 else {
            throw .notAModel("its last layer does not give one class a character and the blank")
        }
        self.layers = layers
        columnStride = stride
    }

    struct WeightReader {
        let bytes: [UInt8]
        var offset: Int

        mutating func floats(_ count: Int) throws(LoadError) -> [Float] {
            guard count >= 0, offset + 4 * count <= bytes.count else { throw .notAModel("its weights end early") }
            var out = [Float](repeating: 0, count: count)
            bytes.withUnsafeBytes { raw in
                for i in 0..<count { out[i] = Float(bitPattern: raw.loadUnaligned(fromByteOffset: offset + 4 * i, as: UInt32.self).littleEndian) }
            }
            offset += 4 * count
            return out
        }
    }

    /// Log-probabilities `[T][classes]` of a line image `[height][width]` (ink 1, paper 0).
    func logProbabilities(image: [Float], width: Int) -> [[Float]] {
        var channels = 1, rows = height, columns = width
        var data = image
        var sequence: [Float] = []   // [features][T]
        var features = 0
        for layer in layers {
            switch layer {
            case .conv2d(let input, let output, let kh, let kw, let relu, let weights, let bias):
                precondition(input == channels)
                data = Self.conv2d(data, channels: input, rows: rows, columns: columns, output: output, kh: kh, kw: kw,
                                   weights: weights, bias: bias, relu: relu)
                channels = output
            case .maxpool(let kh, let kw):
                (data, rows, columns) = Self.maxpool(data, channels: channels, rows: rows, columns: columns, kh: kh, kw: kw)
            case .columns:
                sequence = data   // [C][H][W] is already [C*H][W]
                features = channels * rows
            case .bilstm(let input, let hidden, let forward, let backward):
                precondition(input == features)
                sequence = Self.bilstm(sequence, input: input, steps: columns, hidden: hidden, forward: forward, backward: backward)
                features = 2 * hidden
            case .conv1d(let input, let output, let kernel, let dilation, let relu, let weights, let bias):
                precondition(input == features)
                sequence = Self.conv1d(sequence, input: input, steps: columns, output: output, kernel: kernel, dilation: dilation,
                                       weights: weights, bias: bias, relu: relu)
                features = output
            case .linear(let input, let output, let weights, let bias):
                precondition(input == features)
                sequence = Self.matrixTimesSequence(weights, rows: output, inner: input, sequence, steps: columns, bias: bias)
                features = output
            }
        }
        // Log-softmax per column.
        var out = [[Float]](repeating: [], count: columns)
        for t in 0..<columns {
            var column = [Float](repeating: 0, count: features)
            var peak = -Float.infinity
            for c in 0..<features { column[c] = sequence[c * columns + t]; peak = max(peak, column[c]) }
            var sum: Float = 0
            for c in 0..<features { sum += expf(column[c] - peak) }
            let log = peak + logf(sum)
            for c in 0..<features { column[c] -= log }
            out[t] = column
        }
        return out
    }

    // MARK: Layers

    static func conv2d(_ input: [Float], channels: Int, rows: Int, columns: Int, output: Int, kh: Int, kw: Int,
                       weights: [Float], bias: [Float], relu: Bool) -> [Float] {
        var out = [Float](repeating: 0, count: output * rows * columns)
        let plane = rows * columns
        input.withUnsafeBufferPointer { source in
            weights.withUnsafeBufferPointer { w in
                out.withUnsafeMutableBufferPointer { target in
                    for o in 0..<output {
                        let outPlane = target.baseAddress! + o * plane
                        for i in 0..<plane { outPlane[i] = bias[o] }
                        for c in 0..<channels {
                            let inPlane = source.baseAddress! + c * plane
                            for ky in 0..<kh {
                                let dy = ky - kh / 2
                                for kx in 0..<kw {
                                    let dx = kx - kw / 2
                                    let weight = w[((o * channels + c) * kh + ky) * kw + kx]
                                    if weight == 0 { continue }
                                    let x0 = max(0, -dx), x1 = min(columns, columns - dx)
                                    guard x0 < x1 else { continue }
                                    for y in max(0, -dy)..<min(rows, rows - dy) {
                                        let targetRow = outPlane + y * columns
                                        let sourceRow = inPlane + (y + dy) * columns + dx
                                        for x in x0..<x1 { targetRow[x] += weight * sourceRow[x] }
                                    }
                                }
                            }
                        }
                        if relu { for i in 0..<plane where outPlane[i] < 0 { outPlane[i] = 0 } }
                    }
                }
            }
        }
        return out
    }

    static func maxpool(_ input: [Float], channels: Int, rows: Int, columns: Int, kh: Int, kw: Int) -> ([Float], Int, Int) {
        let outRows = rows / kh, outColumns = columns / kw
        var out = [Float](repeating: 0, count: channels * outRows * outColumns)
        for c in 0..<channels {
            for y in 0..<outRows {
                for x in 0..<outColumns {
                    var peak = -Float.infinity
                    for dy in 0..<kh {
                        let row = (c * rows + y * kh + dy) * columns + x * kw
                        for dx in 0..<kw { peak = max(peak, input[row + dx]) }
                    }
                    out[(c * outRows + y) * outColumns + x] = peak
                }
            }
        }
        return (out, outRows, outColumns)
    }

    /// `weights [rows][inner]` times `sequence [inner][steps]`, plus `bias [rows]`: `[rows][steps]`.
    static func matrixTimesSequence(_ weights: [Float], rows: Int, inner: Int, _ sequence: [Float], steps: Int, bias: [Float]) -> [Float] {
        var out = [Float](repeating: 0, count: rows * steps)
        weights.withUnsafeBufferPointer { w in
            sequence.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in
                    for r in 0..<rows {
                        let row = o.baseAddress! + r * steps
                        for t in 0..<steps { row[t] = bias[r] }
                        for k in 0..<inner {
                            let weight = w[r * inner + k]
                            if weight == 0 { continue }
                            let source = s.baseAddress! + k * steps
                            for t in 0..<steps { row[t] += weight * source[t] }
                        }
                    }
                }
            }
        }
        return out
    }

    static func conv1d(_ sequence: [Float], input: Int, steps: Int, output: Int, kernel: Int, dilation: Int,
                       weights: [Float], bias: [Float], relu: Bool) -> [Float] {
        var out = [Float](repeating: 0, count: output * steps)
        let half = dilation * (kernel - 1) / 2
        for o in 0..<output {
            for t in 0..<steps { out[o * steps + t] = bias[o] }
            for c in 0..<input {
                for k in 0..<kernel {
                    let weight = weights[(o * input + c) * kernel + k]
                    let shift = k * dilation - half
                    for t in max(0, -shift)..<max(max(0, -shift), min(steps, steps - shift)) {
                        out[o * steps + t] += weight * sequence[c * steps + t + shift]
                    }
                }
            }
            if relu { for t in 0..<steps where out[o * steps + t] < 0 { out[o * steps + t] = 0 } }
        }
        return out
    }

    static func bilstm(_ sequence: [Float], input: Int, steps: Int, hidden: Int, forward: LSTMWeights, backward: LSTMWeights) -> [Float] {
        var out = [Float](repeating: 0, count: 2 * hidden * steps)
        for (direction, weights) in [(0, forward), (1, backward)] {
            let gatesIn = matrixTimesSequence(weights.inputWeights, rows: 4 * hidden, inner: input, sequence, steps: steps, bias: weights.bias)
            var h = [Float](repeating: 0, count: hidden), c = [Float](repeating: 0, count: hidden)
            var gates = [Float](repeating: 0, count: 4 * hidden)
            for step in 0..<steps {
                let t = direction == 0 ? step : steps - 1 - step
                for g in 0..<(4 * hidden) {
                    var sum = gatesIn[g * steps + t]
                    let row = g * hidden
                    for k in 0..<hidden { sum += weights.recurrentWeights[row + k] * h[k] }
                    gates[g] = sum
                }
                for k in 0..<hidden {
                    let i = 1 / (1 + expf(-gates[k])), f = 1 / (1 + expf(-gates[hidden + k]))
                    let g = tanhf(gates[2 * hidden + k]), o = 1 / (1 + expf(-gates[3 * hidden + k]))
                    c[k] = f * c[k] + i * g
                    h[k] = o * tanhf(c[k])
                    out[(direction * hidden + k) * steps + t] = h[k]
                }
            }
        }
        return out
    }
}
