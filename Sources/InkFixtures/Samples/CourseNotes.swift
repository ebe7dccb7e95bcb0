import LibCairo
import InkModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `course-notes` sample: eight pages of lecture notes with an outline,
/// links, labels, metadata, mixed page sizes, a rotated and a cropped page,
/// and the handwriting that goes with them.
public enum CourseNotes {
    public static let title = "Signals and Systems — Lecture 3: LTI Systems and Convolution"
    public static let a4 = (width: 595.276, height: 841.89)
    public static let letter = (width: 612.0, height: 792.0)

    /// Page geometry, in page order. Page 5 is a landscape table on a portrait
    /// sheet turned by `/Rotate 90`; page 6 shows only a CropBox inside its MediaBox.
    public static let pages: [PageGeometry] = [
        PageGeometry(mediaWidth: a4.width, mediaHeight: a4.height, rotate: 0),
        PageGeometry(mediaWidth: a4.width, mediaHeight: a4.height, rotate: 0),
        PageGeometry(mediaWidth: a4.width, mediaHeight: a4.height, rotate: 0),
        PageGeometry(mediaWidth: letter.width, mediaHeight: letter.height, rotate: 0),
        PageGeometry(mediaWidth: letter.width, mediaHeight: letter.height, rotate: 90),
        PageGeometry(mediaWidth: letter.width, mediaHeight: letter.height, rotate: 0,
                     crop: PDFBox(x: 36, y: 72, width: 540, height: 684)),
        PageGeometry(mediaWidth: a4.width, mediaHeight: a4.height, rotate: 0),
        PageGeometry(mediaWidth: a4.width, mediaHeight: a4.height, rotate: 0),
    ]
    public static let labels = ["i", "ii", "1", "2", "3", "4", "5", "6"]

    // MARK: PDF

    /// Draws the document into `path` (cairo only: rotation and crop are set afterwards).
    public static func drawPDF(path: String) throws -> [PageLayout] {
        let writer = try PDFDocumentWriter(path: path, firstPageWidth: a4.width, firstPageHeight: a4.height)
        writer.setMetadata(.title, title)
        writer.setMetadata(.author, "ELEC 2301 course team")
        writer.setMetadata(.subject, "Impulse response, the convolution integral and its properties")
        writer.setMetadata(.keywords, "signals; LTI systems; convolution; impulse response; Συνέλιξη")
        writer.setMetadata(.creator, "inkpdf-samples")
        writer.setMetadata(.createDate, "2024-09-17T09:30:00Z")
        writer.setMetadata(.modDate, "2024-09-18T16:45:00+02:00")
        addOutline(writer)

        var layouts: [PageLayout] = []
        let drawers: [(PDFDocumentWriter, inout PageComposer) -> Void] = [
            drawTitlePage, drawContents, drawSection1, drawSection2, drawTable, drawProperties, drawExample, drawSummary,
        ]
        for (index, draw) in drawers.enumerated() {
            let geometry = pages[index]
            writer.beginPage(geometry, label: labels[index])
            let layout = PageLayout(number: index + 1, width: geometry.displayedWidth, height: geometry.displayedHeight)
            let rightMargin = index == 4 ? 60.0 : 118.0
            let left = index == 5 ? 30.0 : (index == 4 ? 60.0 : 72.0)
            var composer = PageComposer(writer: writer, layout: layout, left: left,
                                        width: geometry.displayedWidth - left - rightMargin,
                                        top: index == 5 ? 44 : 86)
            if index > 0 { drawRunningHead(writer, geometry: geometry, label: labels[index], left: left) }
            draw(writer, &composer)
            writer.endPage()
            layouts.append(composer.layout)
        }
        try writer.finish()
        return layouts
    }

    private static func addOutline(_ writer: PDFDocumentWriter) {
        let top = writer.addOutline(title: "Signals and Systems — Lecture 3", dest: "title", open: true, bold: true)
        writer.addOutline(parent: top, title: "Contents", dest: "contents")
        let s1 = writer.addOutline(title: "1  Signals: a short recap", dest: "sec1", open: true)
        writer.addOutline(parent: s1, title: "1.1  Continuous and discrete time", dest: "sec1.1")
        writer.addOutline(parent: s1, title: "1.2  Elementary signals", dest: "sec1.2")
        let s2 = writer.addOutline(title: "2  Linear time-invariant systems", dest: "sec2")
        writer.addOutline(parent: s2, title: "2.1  Linearity", dest: "sec2.1")
        writer.addOutline(parent: s2, title: "2.2  Time invariance", dest: "sec2.2")
        let s23 = writer.addOutline(parent: s2, title: "2.3  The impulse response", dest: "sec2.3", open: true)
        writer.addOutline(parent: s23, title: "卷积积分 (the convolution integral)", dest: "eq.conv")
        let s3 = writer.addOutline(title: "3  Convolution pairs", dest: "sec3", open: true)
        writer.addOutline(parent: s3, title: "Table 3.1  Common pairs", dest: "table3.1")
        writer.addOutline(title: "4  Properties of convolution", dest: "sec4")
        let s5 = writer.addOutline(title: "5  Worked example", dest: "sec5")
        writer.addOutline(parent: s5, title: "Exercises", dest: "exercises")
        let s6 = writer.addOutline(title: "6  Summary", dest: "sec6", open: true)
        writer.addOutline(parent: s6, title: "Περίληψη στα ελληνικά", dest: "greek")
        writer.addOutline(parent: s6, title: "Further reading", dest: "reading")
    }

    private static func drawRunningHead(_ writer: PDFDocumentWriter, geometry: PageGeometry, label: String, left: Double) {
        let right = geometry.displayedWidth - left
        let top = geometry.crop == nil ? 40.0 : 18.0
        writer.setFont(.sans(8.5))
        writer.setColor(0.35, 0.35, 0.4)
        writer.show("Signals and Systems · Lecture 3", x: left, baseline: top)
        let labelWidth = writer.width(of: label)
        writer.show(label, x: right - labelWidth, baseline: top)
        writer.strokeLine(from: Point(left, top + 5), to: Point(right, top + 5), lineWidth: 0.4)
        writer.setColor(0, 0, 0)
    }

    private static func drawTitlePage(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        writer.setFont(.sans(10))
        writer.setColor(0.35, 0.35, 0.4)
        writer.show("ELEC 2301 · Autumn term 2024 · Week 3", x: page.left, baseline: 110)
        writer.setColor(0.08, 0.12, 0.3)
        writer.setFont(.serif(30, bold: true))
        let left = page.left
        let titleRect = writer.destination("title") { writer.show("Signals and Systems", x: left, baseline: 170) }
        page.layout.marks["title"] = titleRect
        writer.setFont(.serif(16))
        page.layout.marks["subtitle"] = writer.show("Lecture 3: Linear Time-Invariant Systems", x: page.left, baseline: 200)
        writer.show("and Convolution", x: page.left, baseline: 221)
        writer.setColor(0, 0, 0)
        writer.setFont(.serif(11, italic: true))
        writer.show("Notes prepared by the course team · 17 September 2024", x: page.left, baseline: 250)
        writer.strokeLine(from: Point(page.left, 268), to: Point(page.left + page.width + 46, 268), lineWidth: 0.8)

        page.y = 290
        page.heading("About these notes", dest: "about", level: 2)
        page.paragraph("These notes follow the third lecture of the course. They assume the material of Lectures 1 and 2: "
            + "signals as functions of time, their energy and power, and the elementary operations of shifting, "
            + "scaling and reversing time. Here we meet the central object of the course, the linear time-invariant "
            + "(LTI) system, and show that one signal, the impulse response, describes such a system completely.",
            key: "about")
        page.paragraph("Every result in these pages comes back in the problem sets. Work through Example 5.1 before the "
            + "tutorial, and bring your attempts at the exercises. Margins are left wide on purpose: write in them.",
            key: "about2")
        page.space(6)
        page.heading("Where to find things", dest: "where", level: 2)
        page.linkLine("Contents, with links to every section (page ii)", dest: "contents", key: "link.contents")
        page.linkLine("About these notes, on this page", dest: "about", key: "link.about")
        page.linkLine("The convolution pairs of Table 3.1 (page 3)", dest: "table3.1", key: "link.table")
        page.linkLine("Course page: https://example.edu/elec2301/notes(2024)/lecture-3", 
                      uri: "https://example.edu/elec2301/notes(2024)/lecture-3", key: "link.course")
        page.linkLine("Problem set 3: https://example.edu/elec2301/problems?week=3&set=A",
                      uri: "https://example.edu/elec2301/problems?week=3&set=A", key: "link.problems")

        page.y = 700
        writer.setFont(.sans(8.5))
        writer.setColor(0.4, 0.4, 0.45)
        for (k, line) in [
            "These notes are a sample document made by inkpdf-samples. The text is original and may be reused freely.",
            "Typeset with cairo in DejaVu Serif and DejaVu Sans. Page labels: i, ii for the front matter, then 1 to 6.",
        ].enumerated() {
            writer.show(line, x: page.left, baseline: page.y + Double(k) * 12)
        }
        writer.setColor(0, 0, 0)
    }

    private static let contentsEntries: [(title: String, dest: String, label: String, indent: Double)] = [
        ("1  Signals: a short recap", "sec1", "1", 0),
        ("1.1  Continuous and discrete time", "sec1.1", "1", 18),
        ("1.2  Elementary signals", "sec1.2", "1", 18),
        ("2  Linear time-invariant systems", "sec2", "2", 0),
        ("2.1  Linearity", "sec2.1", "2", 18),
        ("2.2  Time invariance", "sec2.2", "2", 18),
        ("2.3  The impulse response", "sec2.3", "2", 18),
        ("3  Convolution pairs (Table 3.1)", "sec3", "3", 0),
        ("4  Properties of convolution", "sec4", "4", 0),
        ("5  Worked example", "sec5", "5", 0),
        ("Exercises", "exercises", "5", 18),
        ("6  Summary and further reading", "sec6", "6", 0),
    ]

    private static func drawContents(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        page.heading("Contents", dest: "contents", level: 1)
        let right = page.left + page.width + 40
        for entry in contentsEntries {
            let bold = entry.indent == 0
            writer.setFont(bold ? .serif(11.5, bold: true) : .serif(11))
            writer.setColor(0.05, 0.2, 0.5)
            let baseline = page.y + 11
            let rect = writer.link(toDestination: entry.dest) {
                writer.show(entry.title, x: page.left + entry.indent, baseline: baseline)
            }
            writer.setColor(0.5, 0.5, 0.5)
            var dotX = rect.maxX + 6
            writer.setFont(.serif(11))
            let labelWidth = writer.width(of: entry.label)
            while dotX < right - labelWidth - 8 {
                writer.show(".", x: dotX, baseline: baseline)
                dotX += 5
            }
            writer.setColor(0, 0, 0)
            _ = writer.link(toDestination: entry.dest) { writer.show(entry.label, x: right - labelWidth, baseline: baseline) }
            page.layout.marks["toc.\(entry.dest)"] = rect
            page.y += bold ? 24 : 19
        }
        page.space(18)
        page.heading("How to read these notes", dest: "howto", level: 2)
        page.paragraph("Sections 1 and 2 set up the vocabulary; Section 3 is a reference table printed in landscape; "
            + "Section 4 lists the algebra of convolution that makes long calculations short. Section 5 works one "
            + "example in full and ends with exercises. Blue text is a link: the contents entries above jump to "
            + "their sections, and each section ends with a link back here.", key: "howto")
    }

    private static func backLink(_ page: inout PageComposer) {
        page.space(4)
        page.linkLine("↑ Back to the contents", dest: "contents", key: "link.back")
    }

    private static func drawSection1(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        page.heading("1  Signals: a short recap", dest: "sec1", level: 1)
        page.paragraph("A signal is a function that carries information, most often as it changes with time. A voltage "
            + "across a microphone, the daily closing price of a share and the brightness of one pixel in a video are "
            + "all signals. We write x(t) when time t is a real number and x[n] when time is counted in whole steps n.",
            key: "p1")
        page.heading("1.1  Continuous and discrete time", dest: "sec1.1", level: 2)
        page.paragraph("Sampling turns a continuous-time signal into a discrete-time one: with a sampling interval T, "
            + "the sequence x[n] = x(nT) keeps the values of x at the instants nT. If x contains no frequencies at or "
            + "above 1/(2T), nothing is lost: the samples determine x completely. We return to this in Lecture 7.",
            key: "p2")
        page.display("x[n] = x(nT),   n = 0, ±1, ±2, …", key: "eq.sampling")
        page.paragraph("Most results in this lecture hold in both settings with integrals replaced by sums. We state "
            + "them for continuous time and point out where discrete time differs.", key: "p3")
        page.heading("1.2  Elementary signals", dest: "sec1.2", level: 2)
        page.paragraph("Three signals appear again and again, because more complicated signals are built from them:",
                       key: "p4")
        page.bullets([
            "the unit step u(t), which is 0 for t < 0 and 1 for t ≥ 0;",
            "the unit impulse δ(t), zero everywhere except at t = 0, with area one; it is the derivative of u(t) "
                + "in the sense of distributions;",
            "the complex exponential e^(st) with s = σ + jω, which an LTI system only scales (Lecture 4).",
        ], key: "list")
        page.paragraph("The sifting property of the impulse, ∫ x(τ) δ(t − τ) dτ = x(t), says that any signal is a "
            + "continuous sum of shifted, weighted impulses. Section 2 turns this remark into the convolution "
            + "integral, and Section 4 collects its properties.", key: "p5")
        page.linkLine("→ Section 4: properties of convolution", dest: "sec4", key: "link.sec4")
        backLink(&page)
    }

    private static func drawSection2(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        page.heading("2  Linear time-invariant systems", dest: "sec2", level: 1)
        page.paragraph("A system maps an input signal x to an output signal y = S{x}. Two properties make a system "
            + "tractable; together they define the class studied for the rest of the course.", key: "p1")
        page.heading("2.1  Linearity", dest: "sec2.1", level: 2)
        page.paragraph("S is linear when it respects weighted sums: S{a·x₁ + b·x₂} = a·S{x₁} + b·S{x₂} for all inputs "
            + "and all constants a, b. An amplifier with gain 3 is linear; a squarer y = x² is not, and neither is "
            + "a system that adds a constant offset.", key: "p2")
        page.heading("2.2  Time invariance", dest: "sec2.2", level: 2)
        page.paragraph("S is time-invariant when delaying the input delays the output by the same amount and changes "
            + "nothing else: if x(t) gives y(t), then x(t − t₀) gives y(t − t₀). A resistor is time-invariant; a "
            + "switch that closes at t = 1 s is not.", key: "p3")
        page.heading("2.3  The impulse response", dest: "sec2.3", level: 2)
        page.paragraph("Feed an LTI system the unit impulse and call the output h(t), the impulse response. By the "
            + "sifting property, x is a sum of impulses δ(t − τ) weighted by x(τ). Time invariance gives the response "
            + "h(t − τ) to each, and linearity adds them up:", key: "p4")
        writer.setFont(.serif(12, italic: true))
        let (left, top) = (page.left, page.y)
        let equation = writer.destination("eq.conv") {
            writer.show("y(t) = ∫ x(τ) h(t − τ) dτ = (x ∗ h)(t)", x: left + 70, baseline: top + 12)
        }
        page.layout.marks["eq.conv"] = equation
        page.layout.textLines.append(equation)
        page.y += 30
        page.paragraph("This is the convolution integral. It says that h tells us everything: once the impulse "
            + "response is known, the output for any input follows by one integral. In discrete time the integral "
            + "becomes the sum y[n] = Σ x[k] h[n − k].", key: "p5")
        page.paragraph("Pairs that come up often are collected in Table 3.1 on the next page, which is printed in "
            + "landscape: turn the page, or let your viewer do it.", key: "p6")
        page.linkLine("→ Table 3.1: common convolution pairs", dest: "table3.1", key: "link.table")
        backLink(&page)
    }

    public static let tableRows: [[String]] = [
        ["x(t)", "h(t)", "y(t) = (x ∗ h)(t)", "Remark"],
        ["δ(t)", "h(t)", "h(t)", "the impulse is the identity"],
        ["δ(t − t₀)", "h(t)", "h(t − t₀)", "a shifted impulse delays"],
        ["u(t)", "u(t)", "t·u(t)", "a ramp"],
        ["u(t)", "e^(−at)·u(t)", "(1 − e^(−at))·u(t) / a", "first-order step response, a > 0"],
        ["e^(−at)·u(t)", "e^(−bt)·u(t)", "(e^(−at) − e^(−bt))·u(t) / (b − a)", "a ≠ b"],
        ["e^(−at)·u(t)", "e^(−at)·u(t)", "t·e^(−at)·u(t)", "the row above as b → a"],
        ["rect(t)", "rect(t)", "tri(t)", "two pulses make a triangle (Ex. 5.1)"],
        ["cos(ω₀t)", "h(t)", "|H(jω₀)|·cos(ω₀t + ∠H(jω₀))", "eigenfunction (Lecture 4)"],
    ]

    private static func drawTable(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        page.y = 66
        page.heading("3  Convolution pairs", dest: "sec3", level: 1)
        writer.setFont(.sans(11, bold: true))
        let (left, top) = (page.left, page.y)
        let caption = writer.destination("table3.1") {
            writer.show("Table 3.1  Common continuous-time convolution pairs", x: left, baseline: top + 10)
        }
        page.layout.marks["table3.1"] = caption
        page.y += 26
        let columns: [Double] = [0, 105, 215, 440]
        let tableWidth = page.width
        let rowHeight = 30.0
        let tableTop = page.y
        for (r, row) in tableRows.enumerated() {
            let top = tableTop + Double(r) * rowHeight
            if r == 0 {
                writer.setColor(0.88, 0.9, 0.96)
                writer.fillRectangle(Rect(x: page.left, y: top, width: tableWidth, height: rowHeight))
            } else if r % 2 == 0 {
                writer.setColor(0.96, 0.96, 0.96)
                writer.fillRectangle(Rect(x: page.left, y: top, width: tableWidth, height: rowHeight))
            }
            writer.setColor(0, 0, 0)
            for (c, cell) in row.enumerated() {
                writer.setFont(r == 0 ? .sans(11, bold: true) : (c == 3 ? .serif(10.5) : .serif(11.5, italic: c < 3)))
                let rect = writer.show(cell, x: page.left + columns[c] + 8, baseline: top + 19)
                page.layout.marks["cell.\(r).\(c)"] = rect
            }
            page.layout.marks["row.\(r)"] = Rect(x: page.left, y: top, width: tableWidth, height: rowHeight)
            page.layout.textLines.append(Rect(x: page.left, y: top + 8, width: tableWidth, height: 14))
        }
        writer.setColor(0.3, 0.3, 0.35)
        let tableBottom = tableTop + Double(tableRows.count) * rowHeight
        writer.strokeRectangle(Rect(x: page.left, y: tableTop, width: tableWidth, height: tableBottom - tableTop), lineWidth: 0.8)
        writer.strokeLine(from: Point(page.left, tableTop + rowHeight), to: Point(page.left + tableWidth, tableTop + rowHeight),
                          lineWidth: 0.8)
        for x in columns.dropFirst() {
            writer.strokeLine(from: Point(page.left + x, tableTop), to: Point(page.left + x, tableBottom), lineWidth: 0.4)
        }
        writer.setColor(0, 0, 0)
        page.y = tableBottom + 16
        page.paragraph("Here rect(t) is 1 for |t| < 1/2 and 0 elsewhere, tri(t) = max(0, 1 − |t|), and H(jω) is the "
            + "Fourier transform of h (Lecture 4). Each row can be checked directly from the convolution integral; "
            + "the properties of Section 4 derive most rows from the first three.", key: "note")
        page.linkLine("← Back to Section 2.3, where the integral is derived", dest: "sec2.3", key: "link.back23")
    }

    private static func drawProperties(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        // What lies outside the CropBox (displayed x < 0, x > 540, y < 0, y > 684) is
        // drawn on purpose: a viewer that honours the CropBox never shows it.
        writer.setColor(0.85, 0.2, 0.2, 0.25)
        writer.fillRectangle(Rect(x: -36, y: -36, width: 612, height: 36))
        writer.fillRectangle(Rect(x: -36, y: 684, width: 612, height: 72))
        writer.fillRectangle(Rect(x: -36, y: 0, width: 36, height: 684))
        writer.fillRectangle(Rect(x: 540, y: 0, width: 36, height: 684))
        writer.setColor(0.6, 0, 0)
        writer.setFont(.sans(9, bold: true))
        writer.show("OUTSIDE THE CROPBOX — NOT SHOWN BY VIEWERS", x: 40, baseline: -14)
        writer.show("OUTSIDE THE CROPBOX — NOT SHOWN BY VIEWERS", x: 40, baseline: 714)
        // Crop marks at the corners of the visible area, and a thin frame just inside it.
        writer.setColor(0, 0, 0)
        for corner in [Point(0, 0), Point(540, 0), Point(0, 684), Point(540, 684)] {
            let sx = corner.x == 0 ? -1.0 : 1.0, sy = corner.y == 0 ? -1.0 : 1.0
            writer.strokeLine(from: Point(corner.x + sx * 4, corner.y), to: Point(corner.x + sx * 30, corner.y), lineWidth: 0.5)
            writer.strokeLine(from: Point(corner.x, corner.y + sy * 4), to: Point(corner.x, corner.y + sy * 30), lineWidth: 0.5)
        }
        writer.setColor(0.1, 0.35, 0.7)
        writer.strokeRectangle(Rect(x: 6, y: 6, width: 528, height: 672), lineWidth: 1.2, dash: [6, 3])
        writer.setFont(.sans(7.5))
        writer.show("CropBox [36 72 576 756] inside MediaBox [0 0 612 792]: this dashed frame is 6 pt inside the visible edge",
                    x: 14, baseline: 672)
        writer.setColor(0, 0, 0)

        page.heading("4  Properties of convolution", dest: "sec4", level: 1)
        page.paragraph("Convolution behaves like multiplication. Each rule below follows from the integral by a change "
            + "of variable, and each has a meaning for systems, given on the right of the arrow.", key: "p1")
        let rules: [(String, String)] = [
            ("Commutative: x ∗ h = h ∗ x", "input and impulse response may swap roles"),
            ("Associative: (x ∗ h₁) ∗ h₂ = x ∗ (h₁ ∗ h₂)", "two systems in series act as one, with h₁ ∗ h₂"),
            ("Distributive: x ∗ (h₁ + h₂) = x ∗ h₁ + x ∗ h₂", "two systems in parallel add their responses"),
            ("Identity: x ∗ δ = x", "a wire has impulse response δ"),
            ("Shift: x(t − a) ∗ h(t) = y(t − a)", "time invariance, restated"),
            ("Width: widths add, for signals of finite duration", "the output lasts as long as both together"),
        ]
        for (index, rule) in rules.enumerated() {
            writer.setFont(.serif(11.5, bold: true))
            writer.setColor(0, 0, 0)
            let rect = writer.show(rule.0, x: page.left + 14, baseline: page.y + 11)
            writer.setFont(.serif(10.5, italic: true))
            writer.setColor(0.25, 0.25, 0.3)
            let remark = writer.show("⇒ " + rule.1, x: page.left + 30, baseline: page.y + 26)
            page.layout.marks["rule\(index + 1)"] = rect
            page.layout.marks["remark\(index + 1)"] = remark
            page.layout.textLines.append(rect)
            page.layout.textLines.append(remark)
            page.y += 38
        }
        writer.setColor(0, 0, 0)
        page.space(6)
        page.paragraph("The associative rule is the one to remember: a chain of filters, however long, is a single "
            + "filter whose impulse response is the convolution of theirs. In Lecture 4 the Fourier transform turns "
            + "every one of these rules into a rule about products.", key: "p2")
        page.linkLine("→ Section 5: a worked example", dest: "sec5", key: "link.sec5")
        backLink(&page)
    }

    private static func drawExample(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        page.heading("5  Worked example", dest: "sec5", level: 1)
        page.paragraph("Example 5.1. Let x(t) = h(t) = rect(t), a unit pulse centred at t = 0. Find y = x ∗ h.", key: "ex",
                       font: .serif(11, bold: true))
        page.paragraph("Flip h and slide it: y(t) = ∫ rect(τ) rect(t − τ) dτ is the length of the overlap of the "
            + "intervals [−1/2, 1/2] and [t − 1/2, t + 1/2]. For |t| ≥ 1 they do not overlap and y(t) = 0. For "
            + "0 ≤ t < 1 the overlap is [t − 1/2, 1/2], of length 1 − t; by symmetry it is 1 + t for −1 < t < 0.",
            key: "p1")
        page.display("y(t) = tri(t) = max(0, 1 − |t|)", key: "eq.answer")
        // A small plot of the pulse and the triangle.
        let origin = Point(page.left + 130, page.y + 110)
        let unit = 70.0
        writer.setColor(0, 0, 0)
        writer.strokeLine(from: Point(origin.x - 1.6 * unit, origin.y), to: Point(origin.x + 1.6 * unit, origin.y), lineWidth: 0.7)
        writer.strokeLine(from: Point(origin.x, origin.y + 10), to: Point(origin.x, origin.y - 1.3 * unit), lineWidth: 0.7)
        writer.setColor(0.6, 0.6, 0.65)
        writer.strokePolyline([Point(origin.x - 1.5 * unit, origin.y), Point(origin.x - 0.5 * unit, origin.y),
                               Point(origin.x - 0.5 * unit, origin.y - unit), Point(origin.x + 0.5 * unit, origin.y - unit),
                               Point(origin.x + 0.5 * unit, origin.y), Point(origin.x + 1.5 * unit, origin.y)], lineWidth: 1)
        writer.setColor(0.1, 0.3, 0.7)
        writer.strokePolyline([Point(origin.x - 1.5 * unit, origin.y), Point(origin.x - unit, origin.y),
                               Point(origin.x, origin.y - unit), Point(origin.x + unit, origin.y),
                               Point(origin.x + 1.5 * unit, origin.y)], lineWidth: 1.6)
        writer.setFont(.sans(8.5))
        writer.setColor(0, 0, 0)
        for (value, text) in [(-1.0, "−1"), (-0.5, "−½"), (0.5, "½"), (1.0, "1")] {
            writer.show(text, x: origin.x + value * unit - 4, baseline: origin.y + 12)
        }
        writer.show("rect(t)", x: origin.x + 0.55 * unit, baseline: origin.y - unit + 4)
        writer.setColor(0.1, 0.3, 0.7)
        writer.show("tri(t) = (rect ∗ rect)(t)", x: origin.x + 0.75 * unit, baseline: origin.y - 0.45 * unit)
        writer.setColor(0, 0, 0)
        page.layout.marks["plot"] = Rect(x: origin.x - 1.6 * unit, y: origin.y - 1.3 * unit, width: 3.2 * unit, height: 1.3 * unit + 12)
        page.layout.marks["plot.origin"] = Rect(x: origin.x, y: origin.y, width: unit, height: unit)
        page.y = origin.y + 30

        page.heading("Exercises", dest: "exercises", level: 2)
        page.bullets([
            "Compute u(t) ∗ u(t) from the integral and check it against Table 3.1.",
            "Show that rect(t) ∗ rect(t − 2) is tri(t − 2). Which property of Section 4 did you use?",
            "A system has h(t) = e^(−2t)·u(t). Find its response to x(t) = u(t) − u(t − 1) and sketch it.",
            "Two systems with impulse responses e^(−t)·u(t) and e^(−3t)·u(t) are put in series. Find the impulse "
                + "response of the combination.",
        ], key: "ex")
        page.linkLine("← Table 3.1: common convolution pairs (page 3)", dest: "table3.1", key: "link.table")
        page.linkLine("← Section 2.3: the impulse response (page 2)", dest: "sec2.3", key: "link.sec23")
        backLink(&page)
    }

    private static func drawSummary(_ writer: PDFDocumentWriter, _ page: inout PageComposer) {
        page.heading("6  Summary", dest: "sec6", level: 1)
        page.bullets([
            "An LTI system is linear and time-invariant; most physical systems are, at least approximately.",
            "The impulse response h(t) describes an LTI system completely.",
            "The output is the convolution of input and impulse response: y = x ∗ h.",
            "Convolution is commutative, associative and distributive, with δ as its identity.",
            "Discrete time works the same way, with sums in place of integrals.",
        ], key: "summary")
        page.heading("Περίληψη στα ελληνικά", dest: "greek", level: 2)
        page.paragraph("Ένα γραμμικό και χρονικά αμετάβλητο σύστημα περιγράφεται πλήρως από την κρουστική του απόκριση "
            + "h(t). Η έξοδος είναι η συνέλιξη της εισόδου με την h: y = x ∗ h.", key: "greek")
        page.heading("Further reading", dest: "reading", level: 2)
        page.paragraph("Any signals-and-systems textbook covers this material in its chapter on LTI systems; read the "
            + "derivation of the convolution integral and the section on its properties, then try the problems on "
            + "block diagrams. The course page has the slides and the recording of the lecture.", key: "reading")
        page.linkLine("Slides and recording: https://example.edu/elec2301/lecture-3 (week 3)",
                      uri: "https://example.edu/elec2301/lecture-3 (week 3)", key: "link.slides")
        page.space(10)
        page.paragraph("Next lecture: the Fourier series, and why complex exponentials are the natural inputs for "
            + "LTI systems.", key: "next", font: .serif(11, italic: true))
        backLink(&page)
    }
}
