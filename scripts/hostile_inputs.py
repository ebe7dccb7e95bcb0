"""Hostile files of each class inkpdf must hold against, generated here (never copied).

`write_all(folder, outside)` writes them under `folder` (one subfolder a format) and
a decoy under `outside` that a document tries to reach, and returns the paths to run.
Each run must end within the limit, under the memory cap, in a correct output or a
one-line error; a file whose name contains "outside" must end in an error when run
with --confine (it reaches for a file outside its folder), and nothing under
`outside` may change.
"""
import base64, gzip, hashlib, json, os, struct, sys, zipfile

HEADER = {"format": "inkpdf-layers", "version": 1}

def point(x=20, y=20, w=2):
    return [x, y, 0, w, w, 1, 1, 0, 1.5]

def ink_layers(points, created=1764460000, extra=None):
    stroke = {"ink": {"type": "pen", "color": "#000000"}, "created": created, "points": points}
    stroke.update(extra or {})
    return json.dumps(HEADER) + "\n" + json.dumps({"page": 1, "strokes": [stroke]}) + "\n"

def xournal(pages):
    return '<?xml version="1.0" standalone="no"?>\n<xournal creator="hostile" fileversion="4">\n' + pages + "\n</xournal>\n"

def page(body, width=612, height=792, background='<background type="solid" color="#ffffffff" style="plain"/>'):
    return '<page width="%s" height="%s">%s<layer>%s</layer></page>' % (width, height, background, body)

STROKE = '<stroke tool="pen" color="#000000ff" width="%s"%s>10 10 100 100 200 50</stroke>'

def utf7(text):
    """`text` in UTF-7 with every character outside the direct set base64-encoded (RFC 2152)."""
    direct = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'(),-./:? \n")
    out, run = [], []
    def flush():
        if run:
            out.append("+" + base64.b64encode(b"".join(run)).decode().rstrip("=") + "-")
            run.clear()
    for c in text:
        if c in direct:
            flush()
            out.append(c)
        else:
            run.append(c.encode("utf-16-be"))
    flush()
    return "".join(out)

def entities(levels):
    return "".join('<!ENTITY e%d "%s">' % (n, "&e%d;" % (n - 1) * 10) for n in range(1, levels + 1)) + '<!ENTITY e0 "lol">'

BOMB_BODY = '<xournal fileversion="4"><page width="100" height="100"><layer><text x="1" y="1" size="12">&e12;</text></layer></page></xournal>'

def lines_v5(layers):
    """A reMarkable version 5 lines file: layers of strokes of (x, y) points."""
    out = b"reMarkable .lines file, version=5          "
    out += struct.pack("<i", len(layers))
    for strokes in layers:
        out += struct.pack("<i", len(strokes))
        for points in strokes:
            out += struct.pack("<iiif f i".replace(" ", ""), 2, 0, 0, 2.0, 0.0, len(points))
            for x, y in points:
                out += struct.pack("<ffffff", x, y, 0.1, 0.0, 2.0, 0.5)
    return out

def remarkable_document(folder, name, pages, content_extra, page_files):
    """A tablet folder: NAME.metadata, NAME.content (pages + extra keys), NAME/PAGE.rm files."""
    os.makedirs(os.path.join(folder, name), exist_ok=True)
    with open(os.path.join(folder, name + ".metadata"), "w") as f:
        json.dump({"type": "DocumentType", "visibleName": name, "parent": ""}, f)
    content = {"fileType": "notebook", "pageCount": len(pages), "pages": pages}
    content.update(content_extra)
    with open(os.path.join(folder, name + ".content"), "w") as f:
        json.dump(content, f)
    for page_id, data in page_files.items():
        with open(os.path.join(folder, name, page_id + ".rm"), "wb") as f:
            f.write(data)
    return os.path.join(folder, name + ".content")

def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path

def write_all(folder, outside):
    """Writes every hostile file; returns the paths to run."""
    os.makedirs(outside, exist_ok=True)
    secret_pdf = os.path.join(os.path.dirname(__file__), "..", "SamplePDFs", "letter-worksheet.pdf")
    decoy = os.path.join(outside, "decoy.pdf")
    with open(secret_pdf, "rb") as source, open(decoy, "wb") as target:
        target.write(source.read())
    write(os.path.join(outside, "x.rm"), lines_v5([[[(100, 100), (200, 200)]]]))
    paths = []
    ink = os.path.join(folder, "ink-layers")
    # Finite numbers beyond what a PDF can hold.
    paths.append(write(os.path.join(ink, "x-1e20.ink.jsonl"), ink_layers([point(x=1e20), point()])))
    paths.append(write(os.path.join(ink, "width-1e16.ink.jsonl"), ink_layers([point(w=1e16), point()])))
    paths.append(write(os.path.join(ink, "created-1e300.ink.jsonl"), ink_layers([point(), point(40, 40)], created=1e300)))
    paths.append(write(os.path.join(ink, "transform-1e12.ink.jsonl"), ink_layers([point(), point(40, 40)], extra={"transform": [1e12, 0, 0, 1, 0, 0]})))
    paths.append(write(os.path.join(ink, "page-2e9.ink.jsonl"), json.dumps(HEADER) + "\n" + json.dumps({"page": 2_000_000_000, "strokes": []}) + "\n"))
    xopp = os.path.join(folder, "xournalpp")
    # Entity bombs: a DOCTYPE hidden from a byte scan by UTF-7, and one in UTF-16.
    hidden = '<?xml version="1.0" encoding="UTF-7"?>\n<!-- ' + utf7("--> <!DOCTYPE xournal [" + entities(12) + "]> <!-- ") + " -->\n" + utf7(BOMB_BODY)
    paths.append(write(os.path.join(xopp, "utf7-entity-bomb.xopp"), hidden))
    utf16 = '<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE xournal [' + entities(12) + "]>\n" + BOMB_BODY
    paths.append(write(os.path.join(xopp, "utf16-entity-bomb.xopp"), b"\xff\xfe" + utf16.encode("utf-16-le")))
    paths.append(write(os.path.join(xopp, "external-entity.xopp"),
                       '<?xml version="1.0"?>\n<!DOCTYPE xournal [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n' + BOMB_BODY.replace("&e12;", "&x;")))
    # Numbers: a width of 1e300, a fill of 1e19, a page of 3e38 pt.
    paths.append(write(os.path.join(xopp, "width-1e300.xopp"), gzip.compress(xournal(page(STROKE % ("1e300", ""))).encode())))
    paths.append(write(os.path.join(xopp, "fill-1e19.xopp"), gzip.compress(xournal(page(STROKE % ("2", ' fill="1e19"'))).encode())))
    paths.append(write(os.path.join(xopp, "page-3e38.xopp"), gzip.compress(xournal(page(STROKE % ("2", ""), width="3e38", height="3e38")).encode())))
    # Unbounded work: dashes of 1e-12 pt, a dotted page of 1e6 pt, a ruled page of 14400 pt.
    paths.append(write(os.path.join(xopp, "dash-1e-12.xopp"),
                       gzip.compress(xournal(page('<stroke tool="pen" color="#000000ff" width="2" style="cust: 1e-12 1e-12">10 10 600 700</stroke>')).encode())))
    dotted = '<background type="solid" color="#ffffffff" style="dotted"/>'
    paths.append(write(os.path.join(xopp, "dotted-1e6.xopp"), gzip.compress(xournal(page(STROKE % ("2", ""), width=1e6, height=1e6, background=dotted)).encode())))
    graph = '<background type="solid" color="#ffffffff" style="graph"/>'
    paths.append(write(os.path.join(xopp, "graph-14400.xopp"), gzip.compress(xournal(page(STROKE % ("2", ""), width=14400, height=14400, background=graph)).encode())))
    # One attachment of 64 MiB of zeros, referenced by 400 images: read once, under one budget.
    many = os.path.join(xopp, "one-attachment-many-images.xopp")
    os.makedirs(xopp, exist_ok=True)
    with zipfile.ZipFile(many, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/xournal++", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/version", "current=4\nmin=4\n")
        images = "".join('<image left="%d" top="10" right="%d" bottom="30"><attachment path="big.png"/></image>' % (i, i + 20) for i in range(400))
        z.writestr("content.xml", xournal(page(images)))
        with z.open("big.png", "w", force_zip64=True) as entry:
            block = bytes(1 << 20)
            for _ in range(64):
                entry.write(block)
    paths.append(many)
    # Files outside the document: a device, and a PDF outside its folder (refused under --confine).
    paths.append(write(os.path.join(xopp, "pixmap-dev-zero.xopp"),
                       gzip.compress(xournal(page("", background='<background type="pixmap" domain="absolute" filename="/dev/zero"/>')).encode())))
    paths.append(write(os.path.join(xopp, "pdf-outside.xopp"),
                       gzip.compress(xournal(page(STROKE % ("2", ""), background='<background type="pdf" domain="absolute" filename="%s" pageno="1ll"/>' % decoy)).encode())))
    rm = os.path.join(folder, "remarkable")
    # A notebook point at 3e38, and a redirection of 2^63 - 1.
    paths.append(remarkable_document(os.path.join(rm, "far-point"), "a1b2c3d4-0000-4000-8000-000000000001", ["p1"], {},
                                     {"p1": lines_v5([[[(100, 100), (3e38, 3e38)]]])}))
    paths.append(remarkable_document(os.path.join(rm, "redirection"), "a1b2c3d4-0000-4000-8000-000000000002", ["p1"],
                                     {"redirectionPageMap": [2 ** 63 - 1], "cPages": {"pages": [{"id": "p1", "redir": {"value": 2 ** 63 - 1}}]}},
                                     {"p1": lines_v5([[[(100, 100), (200, 200)]]])}))
    # A page id that climbs out of the document's folder, to outside/x.rm.
    climb = os.path.relpath(os.path.join(outside, "x"), os.path.join(rm, "climbs-outside", "a1b2c3d4-0000-4000-8000-000000000003"))
    paths.append(remarkable_document(os.path.join(rm, "climbs-outside"), "a1b2c3d4-0000-4000-8000-000000000003", [climb], {}, {}))
    # An .rmdoc whose page entry is 2 GiB of zeros, and one whose entry name climbs out.
    bomb = os.path.join(rm, "zeros.rmdoc")
    name = "a1b2c3d4-0000-4000-8000-000000000004"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        z.writestr(name + ".metadata", json.dumps({"type": "DocumentType", "visibleName": "zeros", "parent": ""}))
        z.writestr(name + ".content", json.dumps({"fileType": "notebook", "pageCount": 1, "pages": ["p1"]}))
        with z.open(name + "/p1.rm", "w", force_zip64=True) as entry:
            entry.write(b"reMarkable .lines file, version=5          ")
            block = bytes(16 << 20)
            for _ in range(128):
                entry.write(block)
    paths.append(bomb)
    slip = os.path.join(rm, "entry-outside.rmdoc")
    with zipfile.ZipFile(slip, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(name + ".metadata", json.dumps({"type": "DocumentType", "visibleName": "slip", "parent": ""}))
        z.writestr(name + ".content", json.dumps({"fileType": "notebook", "pageCount": 1, "pages": ["../../x"]}))
        z.writestr("../../x.rm", lines_v5([[[(100, 100), (200, 200)]]]))
    paths.append(slip)
    # rnote notebooks: a coordinate of 1e300, nesting 100 000 deep, a gzip bomb of 2 GiB of spaces,
    # a pattern of 1e-9 px on a page, and a stroke across a canvas of a billion pages.
    rn = os.path.join(folder, "rnote")
    paths.append(write(os.path.join(rn, "x-1e300.rnote"), gzip.compress(rnote([rnote_brush([(10, 10), (1e300, 10)])]).encode())))
    paths.append(write(os.path.join(rn, "nesting-100000.rnote"),
                       gzip.compress(rnote([rnote_brush([(10, 10), (20, 20)])]).replace('"camera":{}', '"camera":' + "[" * 100000 + "]" * 100000).encode())))
    bomb = os.path.join(rn, "spaces-2GiB.rnote")
    os.makedirs(rn, exist_ok=True)
    with gzip.open(bomb, "wb", compresslevel=9) as f:
        f.write(b'{"version":"0.9.4","data":{"engine_snapshot":{"camera":')
        block = b" " * (1 << 20)
        for _ in range(2048): f.write(block)
        f.write(b'{}}}}')
    paths.append(bomb)
    paths.append(write(os.path.join(rn, "pattern-1e-9.rnote"),
                       gzip.compress(rnote([rnote_brush([(10, 10), (20, 20)])]).replace('"pattern_size":[32,32]', '"pattern_size":[1e-9,1e-9]').encode())))
    paths.append(write(os.path.join(rn, "billion-pages.rnote"),
                       gzip.compress(rnote([rnote_brush([(0, 0), (1e10, 1e10)])]).replace('"width":800,"height":1200', '"width":1e10,"height":1e10').encode())))
    paths += inkml_files(os.path.join(folder, "inkml"))
    paths += remarkable_old_layout_files(os.path.join(folder, "remarkable-old"))
    paths += shared_inklist_pages_files(os.path.join(folder, "pdf-annotations"))
    paths += issue_40_files(folder)
    paths += pdf_annotation_files(os.path.join(folder, "pdf-annotations"))
    paths += text_layer_files(os.path.join(folder, "text-layer"))
    paths.append(write(os.path.join(folder, "text-layer", "entries-100000-over-200000-points.ink.jsonl.gz"), entries_over_long_stroke()))
    paths.append(write(os.path.join(folder, "pdf-annotations", "shared-page-12500-hits-40-pages.pdf"), shared_hits_pdf()))
    # Strokes whose shape costs a recogniser more than their size (issue 52; recognised by flatten --recognize).
    paths.append(write(os.path.join(ink, "recognize-stroke-round-a-triangle.ink.jsonl"), stroke_round_a_triangle()))
    paths.append(write(os.path.join(ink, "recognize-zigzag-along-a-line.ink.jsonl.gz"), zigzag_along_a_line()))
    # A free-text appearance in a CFF font cairo 1.16 cannot subset (issue 52): written whole or refused.
    paths.append(write(os.path.join(folder, "pdf-annotations", "free-text-cff-empty-family-blues.pdf"), free_text_cff_pdf()))
    # Issue 52: a form XObject bomb (10^12 words from 2 KB), and names that are not UTF-8.
    paths.append(write(os.path.join(folder, "search", "xobject-bomb-10e12-words.pdf"), xobject_bomb_pdf()))
    paths += non_utf8_names(os.path.join(folder, "search"))
    # Issue 52: 2 million points on each of 8 pages, from one /InkList of 100,000 points named 160 times.
    paths.append(write(os.path.join(folder, "pdf-annotations", "2-million-points-8-pages.pdf"), dense_annotation_pages()))
    return paths

def rnote_brush(points):
    """An rnote 0.9 brush stroke through `points` (x, y), pressure 0.5."""
    segments = ",".join('{"lineto":{"end":{"pos":[%r,%r],"pressure":0.5}}}' % p for p in points[1:])
    return ('{"brushstroke":{"path":{"start":{"pos":[%r,%r],"pressure":0.5},"segments":[%s]},'
            '"style":{"smooth":{"stroke_width":2,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"pressure_curve":"linear"}}}}') % (points[0][0], points[0][1], segments)

def rnote(strokes):
    """An rnote 0.9 notebook (its JSON) of `strokes`, each on user layer 0."""
    document = ('{"x":0,"y":0,"width":800,"height":1200,"format":{"width":793.7,"height":1122.5,"dpi":96},'
                '"background":{"color":{"r":1,"g":1,"b":1,"a":1},"pattern":"dots","pattern_size":[32,32],"pattern_color":{"r":0.8,"g":0.9,"b":1,"a":1}}}')
    slots = ",".join('{"value":%s,"version":1}' % s for s in strokes)
    chrono = ",".join('{"value":{"t":%d,"layer":{"user_layer":0}},"version":1}' % (i + 1) for i in range(len(strokes)))
    return ('{"version":"0.9.4","data":{"engine_snapshot":{"document":%s,"camera":{},"stroke_components":[%s],'
            '"chrono_components":[%s],"chrono_counter":%d}}}') % (document, slots, chrono, len(strokes) + 1)

INKML_NS = 'xmlns="http://www.w3.org/2003/InkML"'

def inkml(body, prolog=""):
    return '<?xml version="1.0" encoding="UTF-8"?>\n%s<ink %s>\n%s\n</ink>\n' % (prolog, INKML_NS, body)

def inkml_files(folder):
    """InkML documents (the corpus has none): a plain one and a gzip one that read, then hostile ones."""
    paths = []
    context = ('<definitions><context xml:id="c"><inkSource><traceFormat><channel name="X" type="integer" units="cm"/>'
               '<channel name="Y" type="integer" units="cm"/><channel name="F" max="1023"/></traceFormat><channelProperties>'
               '<channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>'
               '<channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/></channelProperties></inkSource></context>'
               '<brush xml:id="b"><brushProperty name="width" value="0.05" units="cm"/><brushProperty name="color" value="#203060"/></brush></definitions>')
    note = inkml(context + "".join('<traceGroup><annotation type="page">%d</annotation>'
                                   '<trace contextRef="#c" brushRef="#b">2000 %d 300,\'500\'100\'50,"0"0"0,"0"0"0,"-100"0"0</trace></traceGroup>'
                                   % (n, 2000 + 500 * n) for n in range(1, 3)))
    paths.append(write(os.path.join(folder, "two-pages.inkml"), note))
    paths.append(write(os.path.join(folder, "two-pages-gzip.inkml"), gzip.compress(note.encode())))
    # No DTD, no entity, whatever the encoding says.
    bomb = "<!DOCTYPE ink [" + entities(12) + "]>\n"
    paths.append(write(os.path.join(folder, "entity-bomb.inkml"), inkml("<trace>&e12;</trace>", prolog=bomb)))
    utf16 = inkml("<trace>&e12;</trace>", prolog=bomb).replace('encoding="UTF-8"', 'encoding="UTF-16"')
    paths.append(write(os.path.join(folder, "utf16-entity-bomb.inkml"), b"\xff\xfe" + utf16.encode("utf-16-le")))
    paths.append(write(os.path.join(folder, "external-entity.inkml"),
                       inkml("<trace>&x;</trace>", prolog='<!DOCTYPE ink [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n')))
    # Numbers beyond what a PDF can hold, and sums of differences that pass them.
    paths.append(write(os.path.join(folder, "x-1e300.inkml"), inkml("<trace>0 0, 1e300 5</trace>")))
    paths.append(write(os.path.join(folder, "second-difference-overflow.inkml"),
                       inkml("<trace>0 0,'1e307 0," + ",".join(['"1e307 0'] * 50) + "</trace>")))
    paths.append(write(os.path.join(folder, "brush-width-1e12.inkml"),
                       inkml('<brush xml:id="b"><brushProperty name="width" value="1e12"/></brush><trace brushRef="#b">0 0, 5 5</trace>')))
    paths.append(write(os.path.join(folder, "unknown-reference.inkml"), inkml('<trace contextRef="#nowhere">0 0, 5 5</trace>')))
    # Nesting past libxml2's limit, and a trace longer than a text node may be.
    paths.append(write(os.path.join(folder, "deep-nesting.inkml"), inkml("<traceGroup>" * 100000 + "<trace>1 2</trace>" + "</traceGroup>" * 100000)))
    paths.append(write(os.path.join(folder, "millions-of-points.inkml"), inkml("<trace>" + "1 1," * 3000000 + "</trace>")))
    # Many pages of one point each: work bounded by the input's size.
    paths.append(write(os.path.join(folder, "many-pages.inkml"),
                       inkml('<traceGroup><annotation type="page"/><trace>1 1</trace></traceGroup>' * 2000)))
    return paths

def snapshot(folder):
    """Each file under `folder` (its name relative to it) → its SHA-256, read 1 MB at a time:
    to tell that nothing there changed, or that two folders hold the same bytes."""
    found = {}
    for root, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(root, n)
            digest = hashlib.sha256()
            with open(path, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""): digest.update(block)
            found[os.path.relpath(path, folder)] = digest.hexdigest()
    return found

def remarkable_old_layout_files(folder):
    """Firmware 1.x notebooks (no page list, pages named by index): a million blank pages asked
    for by pageCount, and by one file named 999999.rm; both refused, nothing written."""
    paths = []
    for name, content, pages in [("pagecount-1e6", {"fileType": "", "pageCount": 1000000}, {"0": lines_v5([[[(100, 100), (200, 200)]]])}),
                                 ("index-999999", {"fileType": ""}, {"999999": lines_v5([[[(100, 100), (200, 200)]]])})]:
        uuid = "a1b2c3d4-0000-4000-8000-0000000001%02d" % len(paths)
        os.makedirs(os.path.join(folder, name, uuid), exist_ok=True)
        with open(os.path.join(folder, name, uuid + ".content"), "w") as f:
            json.dump(content, f)
        for index, data in pages.items():
            with open(os.path.join(folder, name, uuid, index + ".rm"), "wb") as f:
                f.write(data)
        paths.append(os.path.join(folder, name, uuid + ".content"))
    return paths

def issue_40_files(folder):
    """Small files that multiplied their work (issue 40): an rnote image copied onto every page it
    covers, dashes without a document-wide budget, a hair-thin stroke walking tiles it never reaches,
    and InkML intermittent channels that each point leaves out but holds."""
    paths = []
    rn = os.path.join(folder, "rnote")
    # A 64 KB SVG on the document layer over 50,000 page tiles (one copy a page: 4 GB).
    svg = "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><!--%s--><rect width='10' height='10'/></svg>" % ("x" * 65536)
    height = 1122.5 * 50000
    image = ('{"vectorimage":{"svg_data":"%s","rectangle":{"cuboid":{"half_extents":[396.85,%r]},'
             '"transform":{"affine":[1,0,0,0,1,0,396.85,%r,1]}}}}') % (svg, height / 2, height / 2)
    notebook = rnote([image]).replace('"width":800,"height":1200', '"width":800,"height":%r' % height)
    notebook = notebook.replace('"layer":{"user_layer":0}', '"layer":"document"')
    paths.append(write(os.path.join(rn, "image-over-50000-pages.rnote"), gzip.compress(notebook.encode())))
    # 200 dotted lines of 99,001 dots each: 20 million dashes without a budget for the document.
    line = ('{"shapestroke":{"shape":{"line":{"start":[0,100],"end":[19800,100]}},'
            '"style":{"smooth":{"stroke_width":0.1,"stroke_color":{"r":0,"g":0,"b":0,"a":1},"line_style":"dotted"}}}}')
    dotted = rnote([line] * 200).replace('"width":800,"height":1200', '"width":20000,"height":1200')
    paths.append(write(os.path.join(rn, "dotted-200-shapes.rnote"), gzip.compress(dotted.encode())))
    # A stroke thinner than rnote's tolerance along 2e10 tiles of 0.05 px (3.6 pt at 1 dpi): it reaches none.
    thin = rnote([rnote_brush([(0.025, 0), (0.025, 1e9)]).replace('"stroke_width":2', '"stroke_width":1e-6')])
    thin = thin.replace('"width":800,"height":1200,"format":{"width":793.7,"height":1122.5,"dpi":96}',
                        '"width":1,"height":1e9,"format":{"width":0.05,"height":0.05,"dpi":1}')
    paths.append(write(os.path.join(rn, "hair-thin-on-tiny-tiles.rnote"), gzip.compress(thin.encode())))
    # InkML: 2 regular and 62 intermittent channels, 2.5 million points of "1 1," in text nodes split by comments.
    channels = "".join('<channel name="C%d" type="decimal"/>' % i for i in range(62))
    chunk = "1 1," * 250000
    body = ('<traceFormat xml:id="tf"><channel name="X" type="decimal"/><channel name="Y" type="decimal"/>'
            '<intermittentChannels>%s</intermittentChannels></traceFormat><context traceFormatRef="#tf"/>'
            '<trace>%s</trace>') % (channels, "<!-- -->".join([chunk] * 10))
    paths.append(write(os.path.join(folder, "inkml", "intermittent-channels-split-by-comments.inkml"), gzip.compress(inkml(body).encode())))
    return paths

def pdf_objects(objects):
    """A PDF of `objects` (object 1 the catalog), each text or (dictionary, stream bytes), with a correct table."""
    out, offsets = bytearray(b"%PDF-1.7\n%\xe2\xe3\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number
        if isinstance(body, tuple):
            dictionary, data = body
            out += b"<< " + dictionary.encode() + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"
        else:
            out += body.encode()
        out += b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)

def shared_inklist_pages_files(folder):
    """Pages that together ask for more annotation points than the document may have (issue 40):
    20 pages, each naming one /InkList of 100,000 points 20 times (a page's budget each), 1.1 MB.
    poppler kept every page's points (flatten 59 s, 1.3 GB) and the reader gave them all as ink
    (convert 190 s, 1.6 GB of ink): both now stop at the document's budget."""
    pages, per_page = 20, 20
    shared = 3 + pages + pages * per_page
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % (3 + k) for k in range(pages)), pages)]
    for k in range(pages):
        refs = " ".join("%d 0 R" % (3 + pages + k * per_page + i) for i in range(per_page))
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [%s] >>" % refs)
    objects += ["<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList %d 0 R >>" % shared] * (pages * per_page)
    objects.append("[[" + " ".join("%d %d" % (10 + i % 180, 10 + i % 280) for i in range(100_000)) + "]]")
    return [write(os.path.join(folder, "shared-inklist-20-pages.pdf"), pdf_objects(objects))]

def pdf_annotation_files(folder):
    """PDFs whose annotations are read as ink (issue 40): numbers at a double's edge, stored strokes
    named by many annotations, a flood of warnings, holes in the page tree, many pages."""
    import zlib
    paths = []
    def one_page(annotations, extra=()):
        refs = " ".join("%d 0 R" % (4 + i) for i in range(len(annotations)))
        return pdf_objects(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [%s] >>" % refs] + list(annotations) + list(extra))
    big = "17" + "0" * 307 + ".0"
    # Squiggly /QuadPoints at +-1.7e308: an edge of infinite length (qpdf --check passes it).
    paths.append(write(os.path.join(folder, "squiggly-1.7e308.pdf"), one_page([
        "<< /Type /Annot /Subtype /Squiggly /Rect [0 0 200 300] /F 4 /QuadPoints [-%s 20 %s 20 -%s 10 %s 10] >>" % (big, big, big, big)])))
    # inkpdf's own annotation, edited, whose /NM names a time of 1e300 s.
    line = json.dumps({"page": 1, "layer": "Notes", "strokes": [{"ink": {"type": "pen", "color": "#000000"}, "created": 0,
                                                                 "points": [point(20, 20), point(60, 60)]}]}).encode()
    paths.append(write(os.path.join(folder, "created-1e300-name.pdf"), one_page([
        "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[10 10 50 50] [60 60 90 20]] /NM (inkpdf:created:1e300) /InkPDF:Layer 5 0 R >>"],
        [("/Filter /FlateDecode", zlib.compress(line))])))
    # A /Kids entry that names no object, and one that is a number.
    paths.append(write(os.path.join(folder, "dangling-kid.pdf"), pdf_objects([
        "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 99 0 R 6 0 R 4 0 R] /Count 2 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 150] >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [5 0 R] >>",
        "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[10 10 50 50]] >>", "42"])))
    # One /InkPDF:Layer stream of 300,000 points (zeros compress well) named by 60 annotations.
    points = [[20 + i % 100, 20 + i % 200, 0, 1, 1, 1, 1, 0, 1.5] for i in range(300_000)]
    line = json.dumps({"page": 1, "layer": "Notes", "strokes": [{"ink": {"type": "pen", "color": "#000000"}, "created": 0, "points": points}]}).encode()
    copies = 60
    paths.append(write(os.path.join(folder, "one-stored-stream-60-annotations.pdf"), one_page(
        ["<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[1 1 2 2]] /NM (inkpdf:id:S) /InkPDF:Layer %d 0 R >>" % (4 + copies)] * copies,
        [("/Filter /FlateDecode", zlib.compress(line, 9))])))
    # 3,000 annotations naming one /InkList of 100,000 points: the page's points are spent after 20,
    # and 2,980 warnings of each kind become one line; poppler is handed a copy without the 2,980
    # (its own loading of them took 2 GB and ended in the memory limit).
    paths.append(write(os.path.join(folder, "warning-flood.pdf"), warning_flood_pdf()))
    # An /Ink with /AP and no /InkList before a converted one: the ordinals flatten hides by.
    paths.append(write(os.path.join(folder, "ink-appearance-without-inklist.pdf"), one_page([
        "<< /Type /Annot /Subtype /Ink /Rect [20 200 60 240] /F 4 /AP << /N 6 0 R >> >>",
        "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /C [1 0 0] /InkList [[120 40 180 40]] >>"],
        [("/Type /XObject /Subtype /Form /BBox [0 0 40 40]", b"0 0 1 rg 0 0 40 40 re f")])))
    # 20,000 blank pages: reopenings that read the whole table were quadratic.
    pages = 20_000
    paths.append(write(os.path.join(folder, "blank-20000-pages.pdf"), pdf_objects(
        ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % (3 + i) for i in range(pages)), pages)]
        + ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [] >>"] * pages)))
    # 3,000 pages, each listing its own annotation and the previous page's: a reopening a page.
    pages = 3000
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % (3 + 2 * k) for k in range(pages)), pages)]
    for k in range(pages):
        annots = "4 0 R" if k == 0 else "%d 0 R %d 0 R" % (4 + 2 * k, 2 + 2 * k)
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [%s] >>" % annots)
        objects.append("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList [[%d 10 50 50]] >>" % (10 + k % 100))
    paths.append(write(os.path.join(folder, "chained-annotations-3000-pages.pdf"), pdf_objects(objects)))
    return paths

def text_layer_files(folder):
    """Issue 41: `text` entries at the invisible text layer's limits: boxes at the ends of what a
    number may be and with no width, the most entries a layer may have (100,000, on one stroke),
    and more different characters than one font can number (80,000 in entries of 10,000)."""
    paths = []
    stroke = {"ink": {"type": "pen", "color": "#000000"}, "created": 1764460000,
              "points": [point(), point(120, 40)]}
    def layer(text):
        return json.dumps(HEADER) + "\n" + json.dumps({"page": 1, "strokes": [stroke], "text": text}, ensure_ascii=False) + "\n"
    paths.append(write(os.path.join(folder, "boxes-1e308.ink.jsonl"), layer([
        {"text": "huge", "strokes": [0], "box": [-1e308, -1e308, 1e308, 1e308]},
        {"text": "far", "strokes": [0], "box": [1e300, 40, 1e300, 10]},
        {"text": "flat", "strokes": [0], "box": [100, 100, 0, 0]},
        {"text": "kept", "strokes": [0]}])))
    paths.append(write(os.path.join(folder, "entries-100000.ink.jsonl"),
                       layer([{"text": "w%d" % i, "strokes": [0]} for i in range(100_000)])))
    scalars = [chr(c) for r in ((0x4E00, 0x9FFF), (0xAC00, 0xD7A3), (0x3400, 0x4DBF), (0x20000, 0x2A6DF))
               for c in range(r[0], r[1] + 1)][:80_000]
    paths.append(write(os.path.join(folder, "characters-80000.ink.jsonl"),
                       layer([{"text": "".join(scalars[i:i + 10_000]), "strokes": [0]} for i in range(0, len(scalars), 10_000)])))
    return paths

def cff_font(glyphs, name=b"InkpdfTestCFF", empty_family_blues=True):
    """A bare CFF font program (FontFile3 /Type1C) written here: `.notdef` plus `glyphs`, a list of
    (standard string id, advance, closed polygon of (x, y) points in 1000 units). With
    `empty_family_blues`, its Private DICT holds FamilyBlues and FamilyOtherBlues without operands,
    as some producers write them (Adobe's MM fonts in Apple's PDFs): cairo 1.16 cannot subset such a
    font and wrote the objects of its fallback nowhere, leaving a damaged file (issue 52)."""
    def integer(value):  # DICT operand, always the 5-byte form so that sizes do not depend on values
        return bytes([29]) + struct.pack(">i", value)
    def number(value):   # Type 2 charstring operand, always the 3-byte form
        return bytes([28]) + struct.pack(">h", value)
    def index(items):
        if not items:
            return b"\x00\x00"
        offsets, position = [1], 1
        for item in items:
            position += len(item)
            offsets.append(position)
        return struct.pack(">HB", len(items), 4) + b"".join(struct.pack(">I", o) for o in offsets) + b"".join(items)
    def charstring(advance, polygon):
        out = number(advance)
        if polygon:
            x, y = polygon[0]
            out += number(x) + number(y) + bytes([21])  # rmoveto
            for px, py in polygon[1:]:
                out += number(px - x) + number(py - y) + bytes([5])  # rlineto
                x, y = px, py
        return out + bytes([14])  # endchar
    charstrings = [charstring(500, [])] + [charstring(advance, polygon) for _, advance, polygon in glyphs]
    private = integer(0) + integer(0) + integer(450) + integer(20) + bytes([6])  # BlueValues
    if empty_family_blues:
        private += bytes([8, 9])  # FamilyBlues, FamilyOtherBlues: no operands
    private += integer(500) + bytes([20]) + integer(0) + bytes([21])  # defaultWidthX, nominalWidthX
    charset = b"\x00" + b"".join(struct.pack(">H", sid) for sid, _, _ in glyphs)
    header, names, strings, subrs = b"\x01\x00\x04\x04", index([name]), index([]), index([])
    def top(charset_at, charstrings_at, private_at):
        return (integer(-50) + integer(-250) + integer(1000) + integer(900) + bytes([5])  # FontBBox
                + integer(charset_at) + bytes([15]) + integer(charstrings_at) + bytes([17])
                + integer(len(private)) + integer(private_at) + bytes([18]))
    start = len(header) + len(names) + len(index([top(0, 0, 0)])) + len(strings) + len(subrs)
    charstrings_at = start + len(charset)
    private_at = charstrings_at + len(index(charstrings))
    return (header + names + index([top(start, charstrings_at, private_at)]) + strings + subrs
            + charset + index(charstrings) + private)

def free_text_cff_pdf():
    """A one-page PDF with a FreeText annotation whose appearance shows "Text" in an embedded CFF
    font with empty FamilyBlues (`cff_font`), the structure of pdfcpu's annotTest.pdf."""
    box = lambda left, right, top: [(left, 0), (right, 0), (right, top), (left, top)]
    glyphs = [(53, 600, box(250, 350, 680) + [(350, 640), (550, 640), (550, 680), (50, 680), (50, 640), (250, 640)]),  # T
              (70, 500, box(60, 440, 460)),   # e
              (89, 500, [(40, 0), (460, 460), (420, 460), (250, 270), (80, 460), (40, 460), (210, 230), (40, 0)]),  # x
              (85, 320, box(110, 210, 600))]  # t
    font = cff_font(glyphs)
    appearance = "q 0.9 0.1 0.1 rg BT /F1 28 Tf 6 10 Td (Text Text) Tj ET Q"
    return pdf_objects([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 4 0 R /Annots [5 0 R] >>",
        ("", b"0 0 1 rg 20 20 60 60 re f"),
        "<< /Type /Annot /Subtype /FreeText /Rect [100 150 300 200] /F 4 /DA (/F1 28 Tf 0.9 0.1 0.1 rg) /Contents (Text Text) /AP << /N 6 0 R >> >>",
        ("/Type /XObject /Subtype /Form /BBox [0 0 200 50] /Resources << /Font << /F1 7 0 R >> >>", appearance.encode()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+InkpdfTestCFF /Encoding /MacRomanEncoding /FirstChar 32 /LastChar 126 /Widths [%s] /FontDescriptor 8 0 R >>"
        % " ".join("600" if c == "T" else "320" if c == "t" else "500" for c in map(chr, range(32, 127))),
        "<< /Type /FontDescriptor /FontName /ABCDEF+InkpdfTestCFF /Flags 32 /FontBBox [-50 -250 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -250 /CapHeight 680 /StemV 80 /FontFile3 9 0 R >>",
        ("/Subtype /Type1C", font),
    ])

def entries_over_long_stroke(entries=100_000, points=200_000):
    """Issue 52: `entries` text entries without a box over one stroke of `points` points, gzipped
    (about 55 KB). Each entry's place is its strokes' bounds as drawn: measured once a stroke, the
    work is points + entries; measured once an entry, it was points x entries (search 85 s, and
    flatten stopped by its stall watchdog). Every entry reads "word", the last "needle"."""
    stroke = {"ink": {"type": "pen", "color": "#000000"}, "created": 1764460000,
              "points": [point(20 + i % 100, 20 + i % 200) for i in range(points)]}
    text = [{"text": "word" if i < entries - 1 else "needle", "strokes": [0]} for i in range(entries)]
    layer = json.dumps(HEADER) + "\n" + json.dumps({"page": 1, "strokes": [stroke], "text": text}) + "\n"
    return gzip.compress(layer.encode(), 9)

def shared_hits_pdf(pages=40, lines=125, words=100, word=b"hit"):
    """Issue 52: `pages` pages that all show one content stream of `lines` x `words` copies of
    `word` in 1 pt Helvetica (12,500 hits a page by default), about 7 KB. Every hit has its own
    place, so none repeats another: de-duplicating them pairwise was quadratic (64.5 s, 276 MB),
    and every page's hits were kept to the end."""
    import zlib
    row = b"(" + b" ".join([word] * words) + b") Tj T*\n"
    content = b"BT /F1 1 Tf 1.2 TL 10 290 Td\n" + row * lines + b"ET"
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % (5 + k) for k in range(pages)), pages),
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
               ("/Filter /FlateDecode", zlib.compress(content, 9))]
    objects += ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>"] * pages
    return pdf_objects(objects)

def xobject_bomb_pdf(levels=12, copies=10, word=b"bomb"):
    """Issue 52: one page that draws form XObject 1 `copies` times, each of which draws XObject 2
    `copies` times, and so on `levels` deep; the last shows `word` in 1 pt Helvetica. About 2 KB for
    copies ** levels words (10^12): poppler's text of the page never ends, and its memory grows
    (search: 1.13 GB at 120 s), so one such PDF stopped a folder's search."""
    do = lambda name: (" ".join(["q /%s Do Q" % name] * copies)).encode()
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /XObject << /X1 5 0 R >> >> /Contents 4 0 R >>",
               ("", do("X1"))]
    for level in range(1, levels + 1):
        if level < levels:
            objects.append(("/Type /XObject /Subtype /Form /BBox [0 0 300 300] /Resources << /XObject << /X%d %d 0 R >> >>" % (level + 1, 5 + level),
                            do("X%d" % (level + 1))))
        else:
            objects.append(("/Type /XObject /Subtype /Form /BBox [0 0 300 300] /Resources << /Font << /F1 %d 0 R >> >>" % (5 + level),
                            b"BT /F1 1 Tf 10 10 Td (" + word + b") Tj ET"))
    objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    return pdf_objects(objects)

def word_pdf(word=b"needle"):
    """A one-page PDF that shows `word` once."""
    return shared_hits_pdf(pages=1, lines=1, words=1, word=word)

def non_utf8_names(folder, word=b"needle"):
    """Issue 52: names that are not UTF-8 (Latin-1, as an older system wrote them): `caf\\xe9.pdf`, and a
    folder `r\\xe9sum\\xe9s/` holding `notes.pdf`, each showing `word`; search passed both over in silence.
    Returns the paths (str, their bytes kept by surrogate escapes, as os.fsdecode gives them)."""
    base = os.fsencode(folder)
    paths = []
    for name in [b"caf\xe9.pdf", os.path.join(b"r\xe9sum\xe9s", b"notes.pdf")]:
        path = os.path.join(base, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(word_pdf(word))
        paths.append(os.fsdecode(path))
    return paths

def dense_annotation_pages(pages=8, per_page=20, points=100_000):
    """Issue 52: `pages` pages, each with `per_page` /Ink annotations that all name one /InkList of
    `points` points (about 1.1 MB in all): 2 million points a page, the most a page may give, on
    every page. Each page's strokes were held until written, several pages at once (740 MB)."""
    ink_list = "[[" + " ".join("%d %d" % (10 + i % 180, 10 + i % 280) for i in range(points)) + "]]"
    list_object = 3 + pages * (1 + per_page)
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % (3 + k * (1 + per_page)) for k in range(pages)), pages)]
    for k in range(pages):
        first = 4 + k * (1 + per_page)
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [%s] >>"
                       % " ".join("%d 0 R" % (first + i) for i in range(per_page)))
        objects += ["<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList %d 0 R >>" % list_object] * per_page
    objects.append(ink_list)
    return pdf_objects(objects)

def warning_flood_pdf(copies=3000, points=100_000):
    """Issue 52: one page of `copies` /Ink annotations naming one /InkList of `points` points (about
    1.1 MB): the page's 2 million points are spent after 20, and every one after warns twice."""
    ink_list = "[[" + " ".join("%d %d" % (10 + i % 180, 10 + i % 280) for i in range(points)) + "]]"
    return pdf_objects(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [%s] >>" % " ".join("%d 0 R" % (4 + i) for i in range(copies))]
                       + ["<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /InkList %d 0 R /NM (note {%d}) >>" % (4 + copies, i) for i in range(copies)]
                       + [ink_list])

# One generated file, for a test: `hostile_inputs.py NAME PATH`.
def stroke_round_a_triangle():
    """One stroke of 49 points running round a triangle, 1 % smaller at each corner (issue 52): zinnia split it a level
    a corner into a binary heap and asked for gigabytes (recognize --lang ja aborted, exit 134)."""
    corners, centre = [(150, 20), (280, 260), (20, 260)], (150, 180)
    pts = []
    for i in range(49):
        (x, y), s = corners[i % 3], 1 - 0.01 * i
        pts.append(point((centre[0] + (x - centre[0]) * s) / 8, (centre[1] + (y - centre[1]) * s) / 8))
    return ink_layers(pts)

def zigzag_along_a_line(count=100_000):
    """One stroke zigzagging `count` times along a line (9 KB gzipped at 100,000; issue 52): cairo filled its
    self-crossing outline for tesseract for minutes."""
    return gzip.compress(ink_layers([point(50 + i * 0.005, 300 + (12 if i % 2 else 0)) for i in range(count)]).encode())

SINGLE = {
    "stroke-round-a-triangle": stroke_round_a_triangle,
    "zigzag-along-a-line": zigzag_along_a_line,
    "free-text-cff": free_text_cff_pdf,
    "entries-over-long-stroke": entries_over_long_stroke,
    "shared-hits-pdf": shared_hits_pdf,
    "xobject-bomb-pdf": xobject_bomb_pdf,
    "word-pdf": word_pdf,
    "dense-annotation-pages": dense_annotation_pages,
    "warning-flood-pdf": warning_flood_pdf,
}

# Generated files in a folder, for a test: `hostile_inputs.py NAME FOLDER`.
FOLDERS = {
    "non-utf8-names": non_utf8_names,
}

if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] in SINGLE:
    write(sys.argv[2], SINGLE[sys.argv[1]]())
elif __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] in FOLDERS:
    FOLDERS[sys.argv[1]](sys.argv[2])
