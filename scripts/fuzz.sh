#!/usr/bin/env bash
# Fuzzes a reader with libFuzzer (`swiftc -sanitize=fuzzer`).
# Usage: scripts/fuzz.sh [SECONDS] [TARGET]   (default 600 seconds; TARGET ink-layers
# (default), remarkable, the `.rm` lines-file reader, xournal, the Xournal++ importer, inkml, the
# InkML importer, rnote, the rnote importer, pdf-annotations, the PDF annotation reader, or
# serve-request, the service's request parsing). Findings land in
# fuzz-work/TARGET/; ink-layers findings are copied into Tests/InkModelTests/FuzzRegressions/,
# where FuzzRegressionTests.swift runs every file through the same check: fix the bug, keep the file.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-600}
TARGET=${2:-ink-layers}
CORPUS=${CORPUS:-../shared/corpus}
# Copies FILES into FOLDER (emptied first, so that a removed source does not linger) with their imports
# of the project's own modules dropped, so that they compile as one module; sets `copies` to them.
copy_into_one_module() {
    local folder=$1 file copy
    shift
    mkdir -p "$folder"
    rm -f "$folder"/*.swift
    copies=()
    for file in "$@"; do
        copy="$folder/$(basename "$(dirname "$file")")-$(basename "$file")"
        sed -E '/^import (InkModel|InkFileSystem|LibDeflate)$/d' "$file" > "$copy"
        copies+=("$copy")
    done
}
# InkModel's files and the libdeflate wrapper its gzip writer uses, and the flags they compile with.
# shellcheck disable=SC2046
copy_into_one_module fuzz-work/model $(find Sources/InkModel -name "*.swift") Sources/LibDeflate/*.swift
model_sources=("${copies[@]}")
model_flags=(-I Sources/CZlib -I Sources/CDeflate -lz -ldeflate)
case "$TARGET" in
ink-layers)
    work=fuzz-work
    mkdir -p "$work/corpus"
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name InkLayersFuzz \
        "${model_flags[@]}" "${model_sources[@]}" Fuzz/InkLayersFuzzer.swift -o "$work/ink-layers-fuzzer"
    # Seeds: the first lines of the bundled samples' layers, and small hand-written lines.
    if [ -z "$(ls -A "$work/corpus")" ]; then
        head -c 4000 SamplePDFs/course-notes.ink.jsonl | head -1 > "$work/corpus/header"
        sed -n 2p SamplePDFs/course-notes.ink.jsonl | head -c 20000 > "$work/corpus/layer-prefix"
        printf '{"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5]]}]}' > "$work/corpus/minimal"
    fi
    status=0
    "$work/ink-layers-fuzzer" "$work/corpus" -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -rss_limit_mb=2048 \
        -artifact_prefix="$work/" -print_final_stats=1 || status=$?
    regressions=Tests/InkModelTests/FuzzRegressions
    for finding in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
        [ -e "$finding" ] || continue
        cp "$finding" "$regressions/$(basename "$finding").input"
        echo "fuzz: finding kept as $regressions/$(basename "$finding").input"
    done
    exit $status
    ;;
remarkable)
    work=fuzz-work/remarkable
    mkdir -p "$work/corpus"
    # The reader's files only (no archive, no document folder: those need libzip and files),
    # compiled into one module with InkModel, so their `import InkModel` is dropped.
    reader=()
    for name in CrdtID CrdtSequence LinesByteReader LinesFileReader LinesPage LinesV6Reader ReMarkableImportError \
                ReMarkablePageGeometry ReMarkableStrokeBuilder ReMarkableTool ReMarkableTypedText; do
        reader+=("Sources/InkImport/ReMarkable/$name.swift")
    done
    copy_into_one_module "$work/src" "${reader[@]}"
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name ReMarkableFuzz \
        "${model_flags[@]}" "${model_sources[@]}" "${copies[@]}" Fuzz/ReMarkableFuzzer.swift \
        -o "$work/remarkable-fuzzer"
    # Seeds: every .rm file of the corpus (versions 3, 5 and 6), read in place.
    seeds=()
    [ -d "$CORPUS/ink/remarkable" ] && seeds+=("$CORPUS/ink/remarkable")
    "$work/remarkable-fuzzer" "$work/corpus" "${seeds[@]}" -max_total_time="$SECONDS_TO_RUN" -max_len=262144 \
        -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$work/" -print_final_stats=1
    ;;
xournal)
    work=fuzz-work/xournal
    mkdir -p "$work/corpus"
    # The importer's files (Xournal, the shared XML layer, the zip archive, options, referenced files) and the two
    # files of InkFileSystem they use, compiled into one module with InkModel, so their imports
    # of the project's modules are dropped; libxml2, libzip and zlib come through their module maps.
    copy_into_one_module "$work/src" Sources/InkImport/Xournal/*.swift Sources/InkImport/Dashes/*.swift Sources/InkImport/XML/*.swift Sources/InkImport/Archive/*.swift \
                Sources/InkImport/ImportOptions.swift Sources/InkImport/ReferencedFile.swift \
                Sources/InkFileSystem/Errno.swift Sources/InkFileSystem/FileDescriptor.swift
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name XournalFuzz \
        "${model_flags[@]}" -I Sources/CZip -I Sources/CXML2 -Xcc -I/usr/include/libxml2 -lzip -lxml2 \
        "${model_sources[@]}" "${copies[@]}" Fuzz/ImportedDocumentCheck.swift Fuzz/XournalFuzzer.swift -o "$work/xournal-fuzzer"
    # Hand-written plain XML seeds (the corpus's files are gzip or zip, whose mutations rarely stay valid):
    # every element, dash styles, fill, pressures, and each kind of background.
    if [ -z "$(ls -A "$work/corpus")" ]; then
        head='<?xml version="1.0" standalone="no"?><xournal creator="xournalpp 1.2.3" fileversion="4"><title>t</title>'
        printf '%s<page width="612" height="792"><background type="solid" color="#ffffffff" style="dotted"/><layer name="a"><stroke tool="pen" color="#ff0000ff" width="2 1 3" capStyle="butt" fill="128" style="cust: 1 2 0.5" ts="5" fn="a.ogg">10 20 30 40 50 60</stroke><stroke tool="highlighter" color="#ffff00ff" width="8" pressures="1 2">0 0 5 5 9 9</stroke><stroke tool="eraser" color="white" width="1" style="dashdot">0 0 100 0</stroke></layer></page></xournal>' "$head" > "$work/corpus/strokes"
        printf '%s<page width="100" height="100"><background type="solid" color="pink" style="isograph"/><layer><text font="Serif Bold" size="20" x="10" y="30" color="blue" wrap="50">two\nlines</text><image left="1" top="2" right="11" bottom="22">iVBORw0KGgo=</image><teximage text="x" left="0" top="0" right="5" bottom="5">JVBERi0xLjU=</teximage><timestamp fn="c.ogg" ts="3"/><link x="1" y="1" size="9" url="u">l</link></layer></page></xournal>' "$head" > "$work/corpus/elements"
        printf '%s<page width="595" height="842"><background type="pdf" domain="absolute" filename="x.pdf" pageno="2ll"/><layer/></page><page width="595" height="842"><background type="pixmap" domain="clone" filename="0"/><layer/></page><page width="5" height="5"><background type="pixmap" domain="attach" filename="bg.png"/><layer/></page></xournal>' "$head" > "$work/corpus/backgrounds"
        # Pressure strokes ending at width 0 (Xournal++'s own output), and zero and NaN widths inside.
        printf '%s<page width="200" height="100"><background type="solid" color="#ffffffff" style="plain"/><layer><stroke tool="pen" color="#000000ff" width="1.41 0.8 0.9 0">10 10 20 10 30 10 40 10</stroke><stroke tool="pen" color="#000000ff" width="1.41 0.8 0 nan 0.9 0">10 20 20 20 30 20 40 20 50 20 60 20</stroke><stroke tool="pen" color="nosuch" width="1 0">0 0 5 5</stroke></layer></page></xournal>' "$head" > "$work/corpus/pressure-ends"
    fi
    # Seeds: every file of the corpus's Xournal++ folder (its .xopp and .xoj files and the PDFs beside them), read in place.
    seeds=()
    [ -d "$CORPUS/ink/xournalpp" ] && seeds+=("$CORPUS/ink/xournalpp")
    # A timeout of 30 s: the largest seed (an 18 MB document, refused at the 8 MB budget) takes 2–3 s under ASan alone.
    "$work/xournal-fuzzer" "$work/corpus" "${seeds[@]}" -max_total_time="$SECONDS_TO_RUN" -max_len=262144 \
        -rss_limit_mb=2048 -timeout=30 -artifact_prefix="$work/" -print_final_stats=1
    ;;
inkml)
    work=fuzz-work/inkml
    mkdir -p "$work/corpus"
    # The importer's files (InkML, the shared XML layer; Xournal's and the archive's for the temporary
    # file and the byte source's zip backing) and the two files of InkFileSystem they use, compiled into
    # one module with InkModel, so their imports of the project's modules are dropped.
    copy_into_one_module "$work/src" Sources/InkImport/InkML/*.swift Sources/InkImport/XML/*.swift Sources/InkImport/Xournal/*.swift Sources/InkImport/Dashes/*.swift \
                Sources/InkImport/Archive/*.swift Sources/InkImport/ImportOptions.swift Sources/InkImport/ReferencedFile.swift \
                Sources/InkFileSystem/Errno.swift Sources/InkFileSystem/FileDescriptor.swift
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name InkMLFuzz \
        "${model_flags[@]}" -I Sources/CZip -I Sources/CXML2 -Xcc -I/usr/include/libxml2 -lzip -lxml2 \
        "${model_sources[@]}" "${copies[@]}" Fuzz/ImportedDocumentCheck.swift Fuzz/InkMLFuzzer.swift -o "$work/inkml-fuzzer"
    # Hand-written seeds: definitions and references, every channel kind and encoding, page groups, brushes.
    if [ -z "$(ls -A "$work/corpus")" ]; then
        ns='xmlns="http://www.w3.org/2003/InkML"'
        printf '<ink %s><trace>10 0, 9 14, 8 28, 7 42</trace><trace>1125 18432,'"'"'23'"'"'43,"7"-8,3-5,7 -3</trace></ink>' "$ns" > "$work/corpus/traces"
        printf '<ink %s><definitions><context xml:id="c"><inkSource><traceFormat><channel name="X" type="integer" units="cm"/><channel name="Y" type="integer" units="cm"/><channel name="F" max="1023"/><channel name="T" units="ms"/><channel name="OA" units="deg"/><channel name="OE"/><intermittentChannels><channel name="B" type="boolean" default="F"/></intermittentChannels></traceFormat><channelProperties><channelProperty channel="X" name="resolution" value="1000" units="1/cm"/><channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/></channelProperties></inkSource><timestamp time="1764460000000"/></context><brush xml:id="b"><brushProperty name="width" value="0.1" units="cm"/><brushProperty name="color" value="#FF0000"/><brushProperty name="transparency" value="127"/><brushProperty name="rasterOp" value="maskPen"/><brushProperty name="tip" value="rectangle"/></brush><canvasTransform xml:id="t"><mapping type="affine"><affine>1 0 5, 0 1 5</affine></mapping></canvasTransform><context xml:id="d" contextRef="#c" canvasTransformRef="#t" brushRef="#b"/></definitions><traceGroup contextRef="#d"><annotation type="page">1</annotation><trace timeOffset="5">#10 #20 5 0 90 45 T,'"'"'1'"'"'2'"'"'3'"'"'4'"'"'5'"'"'6,"1"1"1"1"1"1 *,!7 8 9 10 11 12 ?</trace></traceGroup><traceGroup><annotation type="page"/><trace contextRef="#c">1 2 3 4 5 6</trace></traceGroup></ink>' "$ns" > "$work/corpus/contexts"
        # CROHME's ids, a rectangle tip taller than wide, intermittent channels in text split by comments (issues 39 and 40).
        printf '<ink %s><traceFormat><channel name="X"/><channel name="Y"/><intermittentChannels><channel name="A"/><channel name="B"/></intermittentChannels></traceFormat><brush xml:id="h"><brushProperty name="width" value="0.07" units="cm"/><brushProperty name="height" value="0.5" units="cm"/><brushProperty name="tip" value="rectangle"/><brushProperty name="rasterOp" value="maskPen"/></brush><trace xml:id="12" brushRef="#h">1 1 2 3, 2 2<!-- x -->, 3 3 4 5</trace><traceGroup xml:id="0:1:2:3:"><trace xml:id="13">9 9, 8 8</trace><traceView traceDataRef="12"/></traceGroup></ink>' "$ns" > "$work/corpus/crohme"
    fi
    seeds=()
    [ -d "$CORPUS/ink/inkml" ] && seeds+=("$CORPUS/ink/inkml")
    "$work/inkml-fuzzer" "$work/corpus" "${seeds[@]}" -max_total_time="$SECONDS_TO_RUN" -max_len=262144 \
        -rss_limit_mb=2048 -timeout=30 -artifact_prefix="$work/" -print_final_stats=1
    ;;
rnote)
    work=fuzz-work/rnote
    mkdir -p "$work/corpus"
    # The importer's files (RNote, the expansion budget, options) and the two files of InkFileSystem
    # they use, compiled into one module with InkModel, so their imports of the project's modules are dropped.
    copy_into_one_module "$work/src" Sources/InkImport/RNote/*.swift Sources/InkImport/Dashes/*.swift Sources/InkImport/Archive/ExpansionBudget.swift Sources/InkImport/ImportOptions.swift \
                Sources/InkFileSystem/Errno.swift Sources/InkFileSystem/FileDescriptor.swift
    # shellcheck disable=SC2046
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name RNoteFuzz \
        "${model_flags[@]}" -I Sources/CCairo $(pkg-config --cflags-only-I cairo | sed 's/-I/-Xcc -I/g') -lcairo \
        "${model_sources[@]}" "${copies[@]}" Fuzz/ImportedDocumentCheck.swift Fuzz/RNoteFuzzer.swift -o "$work/rnote-fuzzer"
    # Hand-written plain JSON seeds (the fuzzer gzips what is not gzip): each stroke kind, both layouts.
    if [ -z "$(ls -A "$work/corpus")" ]; then
        doc='{"x":0,"y":0,"width":800,"height":2300,"format":{"width":793.7,"height":1122.5,"dpi":96},"background":{"color":{"r":1,"g":1,"b":1,"a":1},"pattern":"dots","pattern_size":[32,32],"pattern_color":{"r":0.8,"g":0.9,"b":1,"a":1}}}'
        style='"style":{"smooth":{"stroke_width":2,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"fill_color":{"r":1,"g":0,"b":0,"a":0.5},"pressure_curve":"sqrt","line_cap":"straight","line_style":"dotted"}}'
        printf '{"version":"0.9.4","data":{"engine_snapshot":{"document":%s,"camera":{},"stroke_components":[{"value":null,"version":0},{"value":{"brushstroke":{"path":{"start":{"pos":[10,10],"pressure":0.5},"segments":[{"lineto":{"end":{"pos":[20,20],"pressure":0.6}}},{"quadbezto":{"cp":[30,10],"end":{"pos":[40,20],"pressure":0.7}}},{"cubbezto":{"cp1":[50,10],"cp2":[60,30],"end":{"pos":[70,1200],"pressure":0.8}}}]},%s}},"version":1},{"value":{"shapestroke":{"shape":{"ellipse":{"radii":[10,5],"transform":{"affine":[1,0,0,0,1,0,200,200,1]}}},%s}},"version":1},{"value":{"textstroke":{"text":"a b c","transform":{"affine":[1,0,0,0,1,0,40,40,1]},"text_style":{"font_family":"serif","font_size":16,"max_width":30,"color":{"r":1,"g":0,"b":0,"a":1}}}},"version":1},{"value":{"vectorimage":{"svg_data":"<svg/>","rectangle":{"cuboid":{"half_extents":[20,10]},"transform":{"affine":[1,0,0,0,1,0,300,300,1]}}}},"version":1}],"chrono_components":[{"value":null,"version":0},{"value":{"t":1,"layer":{"user_layer":0}},"version":1},{"value":{"t":2,"layer":"highlighter"},"version":1},{"value":{"t":3,"layer":{"user_layer":2}},"version":1},{"value":{"t":4,"layer":"document"},"version":1}],"chrono_counter":5}}}' "$doc" "$style" "$style" > "$work/corpus/v09"
        # 0.7 (no camera), tiles of 0.05 px with a hair-thin stroke, an image on the document layer over
        # several tiles, dotted shapes (issues 39 and 40).
        tiny='{"x":0,"y":0,"width":1,"height":400,"format":{"width":0.05,"height":0.05,"dpi":1},"background":{"color":{"r":1,"g":1,"b":1,"a":1},"pattern":"none","pattern_size":[32,32],"pattern_color":{"r":0,"g":0,"b":0,"a":1}}}'
        printf '{"version":"0.7.1","data":{"engine_snapshot":{"document":%s,"stroke_components":[{"value":{"brushstroke":{"path":{"start":{"pos":[0.025,0],"pressure":1},"segments":[{"lineto":{"end":{"pos":[0.025,400],"pressure":1}}}]},"style":{"smooth":{"stroke_width":1e-6,"pressure_curve":"const"}}}},"version":1}],"chrono_components":[{"value":{"t":1,"layer":{"user_layer":0}},"version":1}],"chrono_counter":2}}}' "$tiny" > "$work/corpus/v07-tiny"
        printf '{"version":"0.8.2","data":{"engine_snapshot":{"document":%s,"stroke_components":[{"value":{"vectorimage":{"svg_data":"<svg/>","rectangle":{"cuboid":{"half_extents":[396,1100]},"transform":{"affine":[1,0,0,0,1,0,396,1100,1]}}}},"version":1},{"value":{"shapestroke":{"shape":{"line":{"start":[10,100],"end":[700,100]}},%s}},"version":1}],"chrono_components":[{"value":{"t":1,"layer":"document"},"version":1},{"value":{"t":2,"layer":{"user_layer":0}},"version":1}],"chrono_counter":3}}}' "$doc" "$style" > "$work/corpus/v08-image"
        printf '{"version":"0.5.5","data":{"document":%s,"store_snapshot":{"chrono_components":[{"value":{"layer":{"UserLayer":0},"t":1},"version":1}],"stroke_components":[{"value":{"brushstroke":{"path":[{"dot":{"element":{"pos":[10,10],"pressure":0.1}}},{"line":{"start":{"pos":[10,10],"pressure":0.1},"end":{"pos":[20,20],"pressure":0.2}}},{"quadbez":{"start":{"pos":[20,20],"pressure":0.2},"cp":[30,10],"end":{"pos":[40,20],"pressure":0.3}}}],"style":{"textured":{"stroke_width":2,"stroke_color":{"r":0,"g":0,"b":0,"a":1}}}}},"version":1}],"trash_components":[{"value":{"trashed":false},"version":1}]}}}' "$doc" > "$work/corpus/v05"
    fi
    seeds=()
    [ -d "$CORPUS/ink/rnote" ] && seeds+=("$CORPUS/ink/rnote")
    "$work/rnote-fuzzer" "$work/corpus" "${seeds[@]}" -max_total_time="$SECONDS_TO_RUN" -max_len=262144 \
        -rss_limit_mb=2048 -timeout=30 -artifact_prefix="$work/" -print_final_stats=1
    ;;
pdf-annotations)
    work=fuzz-work/pdf-annotations
    mkdir -p "$work/corpus"
    # The reader (and the count of what poppler would load) lives in InkPipeline, whose files need
    # most of the package (the qpdf wrapper, flatten's errors, the importers' sinks): SwiftPM builds
    # InkPipeline and its dependencies, instrumented for the fuzzer and testable, in a build folder
    # of its own, and the target is linked with their objects and the system libraries they use.
    spm=fuzz-work/spm
    swift build -c release --target InkPipeline --build-path "$spm" -Xswiftc -sanitize=fuzzer,address \
        -Xswiftc -enable-testing -Xcc -fsanitize=fuzzer-no-link,address
    modules=()
    for module in InkPipeline InkModel InkImport InkRendering InkPDFContent InkFileSystem LibCrypto LibDeflate; do
        while IFS= read -r object; do modules+=("$object"); done < <(find "$spm/release/$module.build" -name "*.o")
    done
    c_modules=()
    for module in CPoppler CCairo CFontconfig CZlib CDeflate CCrypto CQPDF CZip CXML2 CRsvg CMalloc; do c_modules+=(-I "Sources/$module"); done
    packages="poppler-glib cairo cairo-ft zlib libdeflate libcrypto libqpdf libzip libxml-2.0 gobject-2.0 librsvg-2.0"
    # shellcheck disable=SC2046
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name PDFAnnotationsFuzz -I "$spm/release/Modules" "${c_modules[@]}" \
        $(pkg-config --cflags-only-I $packages | sed 's/-I/-Xcc -I/g') \
        Fuzz/PDFAnnotationsFuzzer.swift "${modules[@]}" $(pkg-config --libs $packages) -o "$work/pdf-annotations-fuzzer"
    # Generated seeds: one page with Ink (one shared /InkList), Highlight, Square, Line, Polygon and
    # Squiggly annotations, inkpdf's own keys, a page tree with a hole; each with a correct table.
    if [ -z "$(ls -A "$work/corpus")" ]; then
        python3 - "$work/corpus" <<'PYTHON'
import os, sys, zlib
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath("scripts/fuzz.sh"))))
from hostile_inputs import pdf_objects
folder = sys.argv[1]
def one_page(name, annotations, extra=()):
    refs = " ".join("%d 0 R" % (4 + i) for i in range(len(annotations)))
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Rotate 90 /Annots [%s] >>" % refs] + list(annotations) + list(extra)
    with open(os.path.join(folder, name), "wb") as f: f.write(pdf_objects(objects))
one_page("kinds.pdf", [
    "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /C [1 0 0] /CA 0.5 /BS << /W 3 /S /D /D [3 2] >> /InkList [[10 10 50 50 90 20] [60 60 70 80]] /NM (a) >>",
    "<< /Type /Annot /Subtype /Highlight /Rect [0 0 200 300] /F 4 /C [1 1 0] /QuadPoints [10 40 60 40 10 30 60 30] >>",
    "<< /Type /Annot /Subtype /Square /Rect [20 20 80 80] /F 4 /C [0 0 1] /IC [0 1 0] /RD [1 1 1 1] /BE << /S /C /I 1 >> >>",
    "<< /Type /Annot /Subtype /Line /Rect [0 0 200 300] /F 4 /L [10 10 150 250] /LE [/OpenArrow /Circle] /C [0 0 0] >>",
    "<< /Type /Annot /Subtype /Polygon /Rect [0 0 200 300] /F 4 /Vertices [10 10 100 10 50 90] /IC [1 0 1] >>",
    "<< /Type /Annot /Subtype /Squiggly /Rect [0 0 200 300] /F 4 /QuadPoints [10 140 60 140 10 130 60 130] >>",
    "<< /Type /Annot /Subtype /Circle /Rect [100 100 180 150] /F 6 >>",
    "<< /Type /Annot /Subtype /Link /Rect [0 0 20 20] /A << /S /URI /URI (x) >> >>"])
one_page("shared.pdf", ["<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList 7 0 R >>"] * 3, ["[[10 10 20 20 30 30] 8 0 R]", "[40 40 50 50]"])
line = b'{"page":1,"layer":"Notes","strokes":[{"ink":{"type":"pen","color":"#000000"},"created":0,"points":[[20,20,0,2,2,1,1,0,1.5],[60,60,0,2,2,1,1,0,1.5]]}]}'
one_page("own.pdf", ["<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[20 20 60 60]] /NM (inkpdf:created:5) /InkPDF:Layer 5 0 R >>"],
         [("/Filter /FlateDecode", zlib.compress(line))])
with open(os.path.join(folder, "hole.pdf"), "wb") as f:
    f.write(pdf_objects(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 99 0 R 4 0 R] /Count 2 >>",
                         "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 150] >>",
                         "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [5 0 R 5 0 R] >>",
                         "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[10 10 50 50]] >>"]))
PYTHON
    fi
    seeds=()
    [ -d "$CORPUS/pdfs-annotated" ] && seeds+=("$CORPUS/pdfs-annotated")
    "$work/pdf-annotations-fuzzer" "$work/corpus" "${seeds[@]}" -max_total_time="$SECONDS_TO_RUN" -max_len=262144 \
        -rss_limit_mb=2048 -timeout=30 -artifact_prefix="$work/" -print_final_stats=1
    ;;
serve-request)
    work=fuzz-work/serve-request
    mkdir -p "$work/corpus"
    # The service's HTTP layer (libmicrohttpd's daemon, the multipart form) and the endpoints' forms and
    # command lines, compiled into one module; the target's own handler stands for the gate and the workers.
    copy_into_one_module "$work/src" Sources/InkServe/HTTP/*.swift Sources/InkServe/Service/Endpoint.swift \
                Sources/InkServe/Service/ServiceError.swift Sources/InkServe/Service/ServeError.swift
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name ServeRequestFuzz -I Sources/CMicroHTTPD -lmicrohttpd \
        "${copies[@]}" Fuzz/ServeRequestFuzzer.swift -o "$work/serve-request-fuzzer"
    # Generated requests: health, a flatten form (files, texts, flags), repeated proofs, a bad path, a body cut short.
    if [ -z "$(ls -A "$work/corpus")" ]; then
        b=XyZ
        # PART NAME EXTRA CONTENT: one part of the body in $work/body; FORM PATH: the request with that body.
        part() { printf -- '--%s\r\nContent-Disposition: form-data; name="%s"%s\r\n\r\n%s\r\n' "$b" "$1" "$2" "$3" >> "$work/body"; }
        form() {
            printf -- '--%s--\r\n' "$b" >> "$work/body"
            printf 'POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n\r\n' \
                "$1" "$b" "$(wc -c < "$work/body")"
            cat "$work/body"
            rm -f "$work/body"
        }
        printf 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n' > "$work/corpus/health"
        part pdf '; filename="../a b.pdf"' '%PDF-1.4'; part ink '; filename=".ink.jsonl"' '{"format":"inkpdf-layers","version":1}'
        part pages '' '1-3'; part only-annotated '' 'yes'; part strip-metadata '' '0'
        form '/v1/flatten?sidecar=1' > "$work/corpus/flatten"
        part proof '; filename="a.jws"' 'x'; part proof '; filename="a.jws"' 'y'; part action '' 'export'
        form /v1/entitlements/check > "$work/corpus/proofs"
        part ink '' ''; part ink '; filename="b"' 'z'; part dpi '' '--output=/etc/x'
        form /v1/render > "$work/corpus/empty-part"
        part ink '' 'x'
        form /v1//../flatten > "$work/corpus/bad-path"
        part ink '; filename="c"' 'abc'
        form /v1/export | head -c 150 > "$work/corpus/cut-short"
    fi
    "$work/serve-request-fuzzer" "$work/corpus" -max_total_time="$SECONDS_TO_RUN" -max_len=65536 \
        -rss_limit_mb=2048 -timeout=30 -artifact_prefix="$work/" -print_final_stats=1
    ;;
*)
    echo "fuzz.sh: unknown target '$TARGET' (ink-layers, remarkable, xournal, inkml, rnote, pdf-annotations or serve-request)" >&2
    exit 64
    ;;
esac
