"""Compares the four runs of one scenario written by determinism.sh (see there)."""
import json
import re
import sys

out, name = sys.argv[1], sys.argv[2]


def load(mode, i):
    p = f'{out}/{name}.{mode}.{i}'
    report = json.load(open(p + '.json', encoding='utf-8'))
    report.pop('wall_time_s')  # the only wall-clock field of a report
    return report, open(p + '.console', 'rb').read(), open(p + '.rc').read().strip()


def functional(report, console):
    """What must not depend on the timing mode: how the run ended, what it computed."""
    res = report['results']
    keep = {k: res.get(k) for k in ('images', 'correct', 'accuracy')}
    # Console lines with every number that is a time, cycle count or rate masked: item lines,
    # classes, pass/fail lines stay.
    text = console.decode('utf-8', errors='replace')
    timing = re.compile(r'(latency|time|cycles|ms|us|fps|MIPS|GOPS|gops|_s |util|efficien|clk|clock|mhz|@result (latency|time))',
                        re.I)
    lines = [ln for ln in text.splitlines() if not timing.search(ln)]
    return {
        'exit_status': report['exit_status'],
        'exit': report['exit'],
        'results': keep,
        'layers': [(l['name'], l['kind']) for l in report['layers']],
        'expectations': [(e['name'], e['passed']) for e in report['expectations']],
        'console': lines,
    }


ok = True
runs = {m: [load(m, i) for i in (1, 2)] for m in ('lt', 'at')}
for mode, (a, b) in runs.items():
    if a != b:
        ok = False
        diff = [k for k in set(a[0]) | set(b[0]) if a[0].get(k) != b[0].get(k)]
        print(f'FAIL {name} {mode}: two runs differ (report keys {diff}, console same: {a[1] == b[1]})')
    if a[2] != '0':
        ok = False
        print(f'FAIL {name} {mode}: exit status {a[2]}')
flt, fat = functional(*runs['lt'][0][:2]), functional(*runs['at'][0][:2])
if flt != fat:
    ok = False
    for k in flt:
        if flt[k] != fat[k]:
            print(f'FAIL {name}: lt and at differ in {k}: {str(flt[k])[:300]} vs {str(fat[k])[:300]}')
if ok:
    print(f'ok {name}: lt and at each reproducible; same functional results '
          f'(sim time lt {runs["lt"][0][0]["sim_time_s"]} s, at {runs["at"][0][0]["sim_time_s"]} s)')
sys.exit(0 if ok else 1)
