/**
 * A PCM WAV built byte by byte, so its header can lie: `blockAlign` (bytes per sample frame) and
 * `factSamples` (a `fact` chunk's sample count) are written as given, whatever the samples are.
 */
export function craftWav({
  rate,
  bits,
  seconds,
  blockAlign = bits / 8,
  factSamples,
}: {
  rate: number;
  bits: 8 | 16;
  seconds: number;
  blockAlign?: number;
  factSamples?: number;
}): Buffer {
  const frames = Math.round(rate * seconds);
  const data = Buffer.alloc(frames * (bits / 8));
  for (let i = 0; i < frames; i += 1) {
    const sample = Math.sin((2 * Math.PI * 440 * i) / rate) * 0.3;
    if (bits === 8) data.writeUInt8(Math.round(128 + sample * 127), i);
    else data.writeInt16LE(Math.round(sample * 32767), i * 2);
  }
  const chunk = (id: string, body: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'ascii');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body]);
  };
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(factSamples === undefined ? rate * (bits / 8) : 0, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(bits, 14);
  const fact = Buffer.alloc(4);
  fact.writeUInt32LE(factSamples ?? 0, 0);
  const body = Buffer.concat([
    Buffer.from('WAVE', 'ascii'),
    chunk('fmt ', fmt),
    ...(factSamples === undefined ? [] : [chunk('fact', fact)]),
    chunk('data', data),
  ]);
  return chunk('RIFF', body);
}
