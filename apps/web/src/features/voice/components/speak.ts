/**
 * 试听: reads a prompt aloud with the browser's speech synthesis in a Chinese (zh-CN) voice. Answers why not when the
 * browser has no speech synthesis or no Chinese voice (voices load asynchronously: waits for them briefly).
 */
export async function speakChinese(text: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return { ok: false, reason: '当前浏览器不支持语音合成，无法试听' };
  let voices = synth.getVoices();
  if (voices.length === 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1500);
      synth.addEventListener(
        'voiceschanged',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    voices = synth.getVoices();
  }
  const voice = voices.find((v) => v.lang === 'zh-CN') ?? voices.find((v) => v.lang.toLowerCase().startsWith('zh'));
  if (!voice) return { ok: false, reason: '当前浏览器没有中文（zh-CN）语音，无法试听；请安装中文语音包或换用其他浏览器' };
  synth.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.voice = voice;
  u.lang = voice.lang;
  synth.speak(u);
  return { ok: true };
}
