#!/usr/bin/env python3
"""autoscale-report in a real browser. The GPT-2 trainer (examples/gpt2) rewritten with every
operation cast to E4M3 unscaled (gpt2_e4m3_unscaled.yaml) goes NaN in its first step; its run
report and the rewrite's report become one HTML page, which headless Chromium loads (no network)
and whose DOM, after the page's script ran, must show: the first NaN's origin named at the top,
source lines coloured with the decisions on hover, the sites table, and two SVG charts per site
with their series; a screenshot of it must not be blank. Exits 77 (a skip) without Chromium.

  html_report.py --tool autoscale-rewrite --report-tool autoscale-report --include-dir runtime/include
      --runtime-lib "libautoscale.a -ldnnl ..." --cc cc --work DIR
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")


def fail(msg):
    sys.exit("FAIL: " + msg)


def sh(cmd, env=None, cwd=None):
    print("$ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
    if r.returncode != 0:
        fail("%s exited with %d\n%s%s" % (cmd[0], r.returncode, r.stdout[-2000:], r.stderr[-4000:]))
    return r


def png_rows(path):
    """The raw scanlines of an 8-bit RGB or RGBA PNG, unfiltered: (width, channels, rows)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                fail("unexpected PNG format (depth %d, colour type %d)" % (depth, colour))
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):  # PNG filters: None, Sub, Up, Average, Paeth
            left = line[i - channels] if i >= channels else 0
            up, corner = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        prev = line
    return width, channels, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--report-tool", required=True)
    ap.add_argument("--include-dir", required=True)
    ap.add_argument("--runtime-lib", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("SKIP: no chromium on PATH (Debian: apt install chromium); the HTML report is not checked in a browser")
        sys.exit(77)
    shutil.rmtree(a.work, ignore_errors=True)
    src = os.path.join(a.work, "src")
    os.makedirs(src)
    for name in ("train_gpt2.c", "data.c", "data.h"):
        shutil.copy(os.path.join(ROOT, "examples", "gpt2", name), src)
    sh([a.tool, "--rules", os.path.join(HERE, "gpt2_e4m3_unscaled.yaml"), "--out-dir", "../out", "--report",
        "../rewrite.json", "train_gpt2.c", "data.c", "--", "-std=c11"], cwd=src)
    exe = os.path.join(a.work, "trainer")
    sh([a.cc, "-O1", "-std=c11", "-I", a.include_dir, os.path.join(a.work, "out", "train_gpt2.c"),
        os.path.join(a.work, "out", "data.c"), "-o", exe] + a.runtime_lib.split() + ["-lm"])
    run = os.path.join(a.work, "run.json")
    sh([exe, "--config", "tiny", "--steps", "3"], cwd=a.work,
       env=dict(os.environ, AUTOSCALE_REPORT=run, OMP_NUM_THREADS="1", AUTOSCALE_SUMMARY="0"))
    page = os.path.join(a.work, "report.html")
    sh([sys.executable, a.report_tool, run, "--rewrite", os.path.join(a.work, "rewrite.json"), "--source-root", src,
        "-o", page])

    browser = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
               "--disable-dev-shm-usage", "--user-data-dir=" + os.path.join(a.work, "chromium-profile")]
    dom = sh(browser + ["--dump-dom", "file://" + page]).stdout
    origin = re.search(r'<div id="origin" class="nan">(.*?)</div>', dom, re.S)
    if not origin or "train_gpt2.c:" not in origin.group(1):
        fail("the page does not name the first NaN's origin at the top")
    print("origin: " + re.sub(r"<[^>]+>", "", origin.group(1))[:300])
    coloured = re.findall(r'<tr id="file-\d+-line-\d+" class="line (sev-[a-z]+)" title="([^"]*)"', dom)
    if len(coloured) < 50 or not all(title.strip() for _, title in coloured):
        fail("%d source lines coloured with a decision on hover (expected at least 50)" % len(coloured))
    if not any(cls in ("sev-mid", "sev-high") for cls, _ in coloured):
        fail("no source line is coloured as damaged, in a run that went NaN")
    if "rule class:" not in dom:
        fail("no line shows the rule that made its decision")
    sites = len(re.findall(r'<section class="site-charts"', dom))
    unrolled = len(re.findall(r'<p class="nohistory">', dom))  # sites that never rolled their history
    charts = len(re.findall(r'<svg class="chart', dom))
    series = len(re.findall(r'<polyline class="series"[^>]*points="[0-9]', dom))
    print("%d coloured lines, %d sites (%d never rolled), %d charts, %d drawn series"
          % (len(coloured), sites, unrolled, charts, series))
    if sites < 20 or unrolled > sites // 4 or charts != 2 * (sites - unrolled) or series < sites - unrolled:
        fail("expected two charts for each site that rolled its history, and a drawn series in each")
    if not re.search(r'<table class="sites">.*<th>advice</th>', dom, re.S):
        fail("no sites table with the advice")

    shot = os.path.join(a.work, "report.png")
    sh(browser + ["--screenshot=" + shot, "--window-size=1200,1600", "file://" + page])
    width, channels, rows = png_rows(shot)
    colours = set()
    for row in rows[::8]:
        for x in range(0, width * channels, channels * 8):
            colours.add(row[x:x + 3])
    print("screenshot: %d colours sampled, %s" % (len(colours), shot))
    if len(colours) < 8:
        fail("the screenshot is blank (%d colours)" % len(colours))
    print("OK: the report page loads in Chromium with its origin, coloured sources, table and charts")


if __name__ == "__main__":
    main()
