/// Plausible lecture-note prose, generated from a seeded generator so that
/// every benchmark page reads differently and the same on every run.
public enum LectureText {
    private static let subjects = [
        "the impulse response", "a causal filter", "the sampled signal", "the output", "this system",
        "the transfer function", "every stable pole", "the input spectrum", "a moving average", "the feedback loop",
        "the step response", "a linear phase filter", "the reconstructed signal", "the convolution sum",
        "an ideal low-pass filter", "the discrete-time system", "the error signal", "the carrier",
    ]
    private static let verbs = [
        "determines", "shapes", "limits", "depends on", "is bounded by", "follows from", "cancels",
        "delays", "attenuates", "reveals", "is unchanged by", "smooths", "amplifies", "approximates",
    ]
    private static let objects = [
        "the high frequencies", "the energy of the input", "the region of convergence", "the phase of each component",
        "the sampling interval", "the length of the window", "the position of the zeros", "the initial conditions",
        "the bandwidth of the channel", "the time constant", "every shifted impulse", "the Nyquist rate",
        "the gain at zero frequency", "the spacing of the harmonics", "the order of the filter",
    ]
    private static let tails = [
        "as the example in the lecture showed", "which is why we sample faster in practice",
        "provided the system is stable", "when the input is bounded", "up to a constant factor",
        "for all t greater than zero", "in both continuous and discrete time", "once the transients have died away",
        "so the two descriptions agree", "and the proof is left as an exercise", "as Figure 2 suggests",
        "except at the discontinuities", "to first order in the step size",
    ]
    private static let openers = [
        "In practice,", "Note that", "Recall that", "It follows that", "By linearity,", "As a rule,",
        "More precisely,", "For this reason,", "In the limit,", "Conversely,", "Intuitively,",
    ]

    public static func sentence(random: inout SplitMix64) -> String {
        var words: [String] = []
        if random.chance(0.45) { words.append(random.pick(openers)) }
        words.append(random.pick(subjects))
        words.append(random.pick(verbs))
        words.append(random.pick(objects))
        if random.chance(0.6) { words.append(random.pick(tails)) }
        var text = words.joined(separator: " ")
        text = text.prefix(1).uppercased() + text.dropFirst()
        return text + (random.chance(0.1) ? ";" : ".")
    }

    public static func paragraph(sentences: Int, random: inout SplitMix64) -> String {
        (0..<sentences).map { _ in sentence(random: &random) }.joined(separator: " ")
    }
}
