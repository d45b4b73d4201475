#!/usr/bin/env python3
"""Hot methods of a JFR recording's threads in a time window, from `jfr print` output.

Usage: jfr print --stack-depth 60 --events jdk.ExecutionSample REC.jfr > samples.txt
       bench/jfr-hot-methods.py samples.txt HH:MM:SS HH:MM:SS "Source:,Sink,debezium"
Prints the samples per thread in the window, then, for the threads whose names contain one of the
comma-separated parts, the top methods by own samples and by samples anywhere in the stack.
"""
import collections
import re
import sys


def events(path):
    current = None
    for line in open(path):
        text = line.strip()
        if line.startswith('jdk.ExecutionSample'):
            current = {'frames': []}
        elif current is None:
            continue
        elif text.startswith('startTime'):
            current['time'] = text.split('= ')[1]
        elif text.startswith('sampledThread'):
            current['thread'] = text.split('"')[1]
        elif text == '}':
            yield current
            current = None
        elif text and not text.startswith(('state', 'stackTrace', '...', ']')):
            current['frames'].append(re.sub(r'\s+line:.*', '', text))


def main(path, start, end, parts):
    window = [e for e in events(path) if start <= e.get('time', '') <= end]
    threads = collections.Counter(re.sub(r'\d+', 'N', e.get('thread', '?'))[:90] for e in window)
    print('samples in window', len(window))
    for name, count in threads.most_common(15):
        print(count, name)
    chosen = [e for e in window if any(p in e.get('thread', '') for p in parts.split(','))]
    print('\nsamples of the chosen threads', len(chosen))
    own, anywhere = collections.Counter(), collections.Counter()
    for event in chosen:
        frames = event['frames']
        if frames:
            own[frames[0]] += 1
        for method in {re.sub(r'\(.*', '', f) for f in frames}:
            anywhere[method] += 1
    print('\nown samples')
    for method, count in own.most_common(30):
        print(count, method[:160])
    print('\nsamples anywhere in the stack')
    for method, count in anywhere.most_common(70):
        print(count, method[:160])


if __name__ == '__main__':
    main(*sys.argv[1:5])
