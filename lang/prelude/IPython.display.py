# IPython.display.py - IPython's display classes (HTML, Markdown, Math, Image, Audio, ...) as
# objects with _repr_*_ methods, which lang/core/display.c turns into MIME bundles.
import os
import sable._ipython as _ip
from sable._display import display, update_display, clear_output


def _new_id():
    import random
    return "%032x" % random.getrandbits(128)


class DisplayHandle:
    """What display(obj, display_id=True) returns: .display(obj) and .update(obj) reuse its id."""

    def __init__(self, display_id=None):
        if display_id is None:
            display_id = _new_id()
        self.display_id = display_id

    def __repr__(self):
        return "<DisplayHandle display_id=%s>" % (self.display_id,)

    def display(self, obj, **kwargs):
        display(obj, display_id=self.display_id, **kwargs)

    def update(self, obj, **kwargs):
        update_display(obj, display_id=self.display_id, **kwargs)


def publish_display_data(data, metadata=None, source=None, transient=None, **kwargs):
    display(data, raw=True, metadata=metadata)


class DisplayObject:
    _read_flags = "r"

    def __init__(self, data=None, url=None, filename=None, metadata=None):
        if isinstance(data, str) and url is None and filename is None:
            if data.startswith("http://") or data.startswith("https://"):
                url = data
                data = None
            elif len(data) < 4096 and "\n" not in data and os.path.exists(data):
                filename = data
                data = None
        self.data = data
        self.url = url
        self.filename = filename
        self.metadata = dict(metadata) if metadata else {}
        self.reload()

    def reload(self):
        if self.filename is not None:
            f = open(self.filename, self._read_flags)
            self.data = f.read()
            f.close()
        elif self.url is not None and self.data is None:
            raise ValueError("Sable cannot fetch " + self.url + " (no network access from the language); download it and pass filename=")

    def __repr__(self):
        return "<IPython.core.display." + type(self).__name__ + " object>"

    def _md(self, data):
        if self.metadata:
            return (data, dict(self.metadata))
        return data


class TextDisplayObject(DisplayObject):
    pass


class Pretty(TextDisplayObject):
    def __repr__(self):
        return self.data


class HTML(TextDisplayObject):
    def __init__(self, data=None, url=None, filename=None, metadata=None):
        DisplayObject.__init__(self, data, url, filename, metadata)

    def _repr_html_(self):
        return self._md(self.data)

    def __html__(self):
        return self.data


class Markdown(TextDisplayObject):
    def _repr_markdown_(self):
        return self._md(self.data)


class Latex(TextDisplayObject):
    def _repr_latex_(self):
        return self._md(self.data)


class Math(TextDisplayObject):
    def _repr_latex_(self):
        s = "$\\displaystyle " + self.data.strip("$") + "$"
        return self._md(s)


class SVG(DisplayObject):
    def _repr_svg_(self):
        d = self.data
        if isinstance(d, bytes):
            d = d.decode("utf-8")
        i = d.find("<svg")
        if i > 0:
            d = d[i:]
        return self._md(d)


class JSON(DisplayObject):
    def __init__(self, data=None, url=None, filename=None, expanded=False, metadata=None, root="root", **kwargs):
        DisplayObject.__init__(self, data, url, filename, metadata)
        if isinstance(self.data, str) and filename is not None:
            import json
            self.data = json.loads(self.data)
        self.metadata["expanded"] = expanded
        self.metadata["root"] = root
        for k in kwargs:
            self.metadata[k] = kwargs[k]

    def _repr_json_(self):
        return (self.data, dict(self.metadata))


class GeoJSON(JSON):
    pass


class Javascript(TextDisplayObject):
    def __init__(self, data=None, url=None, filename=None, lib=None, css=None):
        DisplayObject.__init__(self, data, url, filename, None)
        if isinstance(lib, str):
            lib = [lib]
        self.lib = lib or []
        if isinstance(css, str):
            css = [css]
        self.css = css or []

    def _repr_javascript_(self):
        r = ""
        for c in self.css:
            r += '$("head").append($("<link/>").attr({rel:  "stylesheet", type: "text/css", href: "%s"}));\n' % c
        for l in self.lib:
            r += '$.getScript("%s", function () {\n' % l
        r += self.data
        for l in self.lib:
            r += "});\n"
        return r


class IFrame:
    iframe = """
        <iframe
            width="{width}"
            height="{height}"
            src="{src}{params}"
            frameborder="0"
            allowfullscreen
            {extras}
        ></iframe>
        """

    def __init__(self, src, width, height, extras=None, **kwargs):
        self.src = src
        self.width = width
        self.height = height
        self.extras = extras if extras is not None else []
        self.params = kwargs

    def _repr_html_(self):
        params = ""
        if self.params:
            params = "?" + "&".join([str(k) + "=" + str(self.params[k]) for k in self.params])
        return self.iframe.format(src=self.src, width=self.width, height=self.height,
                                  params=params, extras=" ".join(self.extras))

    def __repr__(self):
        return "<IPython.lib.display.IFrame object>"


class YouTubeVideo(IFrame):
    def __init__(self, id, width=400, height=300, **kwargs):
        self.id = id
        IFrame.__init__(self, "https://www.youtube.com/embed/" + id, width, height, **kwargs)


def _image_format(data, filename):
    if filename is not None:
        ext = filename.rsplit(".", 1)[-1].lower()
        if ext in ("jpg", "jpeg"):
            return "jpeg"
        if ext in ("png", "gif", "webp"):
            return ext
        if ext == "svg":
            return "svg"
    if isinstance(data, bytes):
        if data[:8] == b"\x89PNG\r\n\x1a\n":
            return "png"
        if data[:2] == b"\xff\xd8":
            return "jpeg"
        if data[:6] in (b"GIF87a", b"GIF89a"):
            return "gif"
    return "png"


class Image(DisplayObject):
    _read_flags = "rb"

    def __init__(self, data=None, url=None, filename=None, format=None, embed=None, width=None,
                 height=None, retina=False, unconfined=False, metadata=None, alt=None):
        if isinstance(data, str) and filename is None and url is None:
            if data.startswith("http://") or data.startswith("https://"):
                url = data
            else:
                filename = data
            data = None
        if embed is None:
            embed = url is None
        self.embed = embed
        self.width = width
        self.height = height
        self.retina = retina
        self.unconfined = unconfined
        self.alt = alt
        self.url = url
        self.filename = filename
        self.metadata = dict(metadata) if metadata else {}
        self.data = data
        if filename is not None or (embed and data is not None):
            if filename is not None:
                f = open(filename, "rb")
                self.data = f.read()
                f.close()
        elif embed and url is not None:
            raise ValueError("Sable cannot fetch " + url + " to embed it; use embed=False or filename=")
        self.format = (format or _image_format(self.data, filename)).lower()
        if self.format == "jpg":
            self.format = "jpeg"
        if retina and self.format == "png" and self.data is not None and self.width is None:
            w, h = _png_size(self.data)
            if w:
                self.width = w // 2
                self.height = h // 2

    def _meta(self):
        md = {}
        if self.width:
            md["width"] = self.width
        if self.height:
            md["height"] = self.height
        if self.unconfined:
            md["unconfined"] = self.unconfined
        if self.alt:
            md["alt"] = self.alt
        for k in self.metadata:
            md[k] = self.metadata[k]
        return md

    def _data_md(self):
        md = self._meta()
        if md:
            return (self.data, md)
        return self.data

    def _repr_html_(self):
        if self.embed:
            return None
        width = ' width="%d"' % self.width if self.width else ""
        height = ' height="%d"' % self.height if self.height else ""
        klass = ' class="unconfined"' if self.unconfined else ""
        alt = ' alt="%s"' % self.alt if self.alt else ""
        return '<img src="' + self.url + '"' + width + height + klass + alt + "/>"

    def _repr_png_(self):
        if self.embed and self.format == "png":
            return self._data_md()
        return None

    def _repr_jpeg_(self):
        if self.embed and self.format == "jpeg":
            return self._data_md()
        return None

    def _repr_mimebundle_(self):
        if self.embed and self.format in ("gif", "webp"):
            return ({"image/" + self.format: self.data}, {"image/" + self.format: self._meta()})
        return None


def _png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return (0, 0)
    w = (data[16] << 24) | (data[17] << 16) | (data[18] << 8) | data[19]
    h = (data[20] << 24) | (data[21] << 16) | (data[22] << 8) | data[23]
    return (w, h)


def _wav_bytes(data, rate, normalize=True):
    """WAV (PCM 16-bit) of a 1-D (mono) or 2-D (channels, samples) array, as IPython makes it."""
    import numpy as np
    import struct
    a = np.asarray(data, dtype=np.float64)
    if a.ndim == 1:
        nch = 1
        a = a.reshape((1, a.shape[0]))
    elif a.ndim == 2:
        nch = a.shape[0]
    else:
        raise ValueError("encoding of stereo PCM signals are unsupported")
    peak = float(np.max(np.abs(a))) if a.size else 0.0
    if normalize:
        scale = 32767.0 / peak if peak > 0 else 0.0
    else:
        if peak > 1:
            raise ValueError("Audio data must be between -1 and 1 when normalize=False.")
        scale = 32767.0
    vals = [int(v * scale) for v in a.T.reshape((-1,)).tolist()]
    body = struct.pack("<" + str(len(vals)) + "h", *vals)
    n = len(body)
    head = b"RIFF" + struct.pack("<I", 36 + n) + b"WAVEfmt " + struct.pack(
        "<IHHIIHH", 16, 1, nch, int(rate), int(rate) * nch * 2, nch * 2, 16) + b"data" + struct.pack("<I", n)
    return head + body


class Audio(DisplayObject):
    _read_flags = "rb"

    def __init__(self, data=None, filename=None, url=None, embed=None, rate=None, autoplay=False,
                 normalize=True, element_id=None):
        self.autoplay = autoplay
        self.element_id = element_id
        self.url = url
        self.filename = filename
        self.metadata = {}
        if isinstance(data, str):
            self.filename = data
            data = None
        if self.filename is not None:
            f = open(self.filename, "rb")
            self.data = f.read()
            f.close()
            self.mimetype = "audio/mpeg" if self.filename.lower().endswith(".mp3") else "audio/wav"
        elif isinstance(data, bytes):
            self.data = data
            self.mimetype = "audio/wav"
        elif data is not None:
            if rate is None:
                raise ValueError("rate must be specified when data is a numpy array or list of audio samples.")
            self.data = _wav_bytes(data, rate, normalize)
            self.mimetype = "audio/wav"
        else:
            self.data = None
            self.mimetype = "audio/wav"
        self.embed = embed if embed is not None else self.data is not None

    def src_attr(self):
        if self.embed and self.data is not None:
            return "data:" + self.mimetype + ";base64," + _ip.b64encode(self.data)
        return self.url or ""

    def _repr_html_(self):
        src = """
                <audio {element_id} controls="controls" {autoplay}>
                    <source src="{src}" type="{type}" />
                    Your browser does not support the audio element.
                </audio>
              """
        return src.format(src=self.src_attr(), type=self.mimetype,
                          autoplay='autoplay="autoplay"' if self.autoplay else "",
                          element_id='id="' + self.element_id + '"' if self.element_id else "")

    def __repr__(self):
        return "<IPython.lib.display.Audio object>"


class FileLink:
    def __init__(self, path, url_prefix="", result_html_prefix="", result_html_suffix="<br>"):
        self.path = path
        self.url_prefix = url_prefix
        self.result_html_prefix = result_html_prefix
        self.result_html_suffix = result_html_suffix

    def _repr_html_(self):
        if not os.path.exists(self.path):
            return ("Path (<tt>%s</tt>) doesn't exist. It may still be in the process of being generated, or you may have the incorrect path." % self.path)
        return self.result_html_prefix + "<a href='" + self.url_prefix + self.path + "' target='_blank'>" + self.path + "</a>" + self.result_html_suffix

    def __repr__(self):
        return os.path.abspath(self.path)


def display_html(*objs, raw=False, **kwargs):
    for o in objs:
        if raw:
            display({"text/html": o}, raw=True)
        else:
            display(HTML(o) if isinstance(o, str) else o)


def display_markdown(*objs, raw=False, **kwargs):
    for o in objs:
        display({"text/markdown": o, "text/plain": o}, raw=True) if raw else display(o)


def display_json(*objs, raw=False, **kwargs):
    for o in objs:
        display({"application/json": o}, raw=True) if raw else display(o)


def display_pretty(*objs, raw=False, **kwargs):
    for o in objs:
        display({"text/plain": o}, raw=True) if raw else display(o)


def display_png(*objs, raw=False, **kwargs):
    for o in objs:
        display({"image/png": o}, raw=True) if raw else display(o)


def display_svg(*objs, raw=False, **kwargs):
    for o in objs:
        display({"image/svg+xml": o}, raw=True) if raw else display(o)


def display_latex(*objs, raw=False, **kwargs):
    for o in objs:
        display({"text/latex": o}, raw=True) if raw else display(o)


def display_javascript(*objs, raw=False, **kwargs):
    for o in objs:
        display({"application/javascript": o}, raw=True) if raw else display(o)


def set_matplotlib_formats(*formats, **kwargs):
    """Select the inline backend's figure formats, as %config InlineBackend.figure_formats:
    'png', 'retina' (or 'png2x': PNGs at twice the dpi, shown at half size), 'svg'."""
    import matplotlib
    known = ("png", "retina", "png2x", "svg", "jpg", "jpeg", "pdf")
    for f in formats:
        if not isinstance(f, str) or f.lower() not in known:
            raise ValueError(f"supported formats are: {', '.join(repr(k) for k in known)} not {f!r}")
    if not formats:
        formats = ("png",)
    matplotlib.rcParams["figure.format"] = formats[0] if len(formats) == 1 else list(formats)
