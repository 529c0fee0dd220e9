// IFEval checks `language:response_language` with the langdetect package; this is our own detector: the
// dominant writing system first, then, for Latin-script text, the most frequent function words.

const SCRIPTS: readonly [RegExp, string][] = [
  [/\p{Script=Hiragana}|\p{Script=Katakana}/gu, 'ja'],
  [/\p{Script=Hangul}/gu, 'ko'],
  [/\p{Script=Han}/gu, 'zh'],
  [/\p{Script=Cyrillic}/gu, 'cyrillic'],
  [/\p{Script=Arabic}/gu, 'arabic'],
  [/\p{Script=Devanagari}/gu, 'devanagari'],
  [/\p{Script=Bengali}/gu, 'bn'],
  [/\p{Script=Greek}/gu, 'el'],
  [/\p{Script=Hebrew}/gu, 'he'],
  [/\p{Script=Thai}/gu, 'th'],
  [/\p{Script=Tamil}/gu, 'ta'],
  [/\p{Script=Telugu}/gu, 'te'],
  [/\p{Script=Gujarati}/gu, 'gu'],
  [/\p{Script=Gurmukhi}/gu, 'pa'],
  [/\p{Script=Kannada}/gu, 'kn'],
  [/\p{Script=Malayalam}/gu, 'ml'],
  [/\p{Script=Latin}/gu, 'latin'],
];

/** Languages sharing a script, told apart by words. */
const SHARED_SCRIPT: Record<string, Record<string, readonly string[]>> = {
  cyrillic: {
    ru: ['и', 'в', 'не', 'что', 'он', 'на', 'это', 'как', 'с', 'по'],
    bg: ['и', 'в', 'не', 'че', 'на', 'се', 'да', 'е', 'за', 'от'],
    uk: ['і', 'в', 'не', 'що', 'на', 'це', 'як', 'з', 'та', 'до'],
  },
  arabic: {
    ar: ['في', 'من', 'على', 'أن', 'إلى', 'التي', 'الذي', 'هذا', 'عن', 'مع'],
    fa: ['و', 'در', 'به', 'از', 'که', 'این', 'را', 'با', 'است', 'برای'],
    ur: ['کے', 'کی', 'میں', 'ہے', 'اور', 'کو', 'سے', 'یہ', 'کا', 'نے'],
  },
  devanagari: {
    hi: ['है', 'के', 'में', 'की', 'और', 'को', 'से', 'का', 'यह', 'हैं'],
    mr: ['आहे', 'व', 'या', 'की', 'आणि', 'हे', 'त्या', 'म्हणून', 'करण्यात', 'होते'],
    ne: ['छ', 'र', 'को', 'मा', 'पनि', 'गर्न', 'हो', 'भएको', 'लागि', 'थियो'],
  },
  latin: {
    en: ['the', 'and', 'is', 'of', 'to', 'in', 'that', 'it', 'you', 'with', 'for', 'are'],
    es: ['el', 'la', 'de', 'que', 'y', 'en', 'los', 'es', 'por', 'las', 'una', 'para'],
    fr: ['le', 'la', 'les', 'de', 'et', 'est', 'des', 'une', 'que', 'pour', 'dans', 'pas'],
    de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'ein', 'zu', 'den', 'mit', 'sich', 'auf'],
    it: ['il', 'di', 'che', 'e', 'la', 'per', 'un', 'non', 'sono', 'una', 'del', 'gli'],
    pt: ['o', 'de', 'que', 'e', 'do', 'da', 'em', 'um', 'para', 'não', 'uma', 'os'],
    nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'te', 'zijn', 'voor'],
    sw: ['na', 'ya', 'wa', 'kwa', 'ni', 'katika', 'za', 'la', 'kuwa', 'hii', 'cha', 'lakini'],
    fi: ['ja', 'on', 'ei', 'se', 'että', 'oli', 'hän', 'ovat', 'mutta', 'kun', 'myös', 'tai'],
    vi: ['và', 'của', 'là', 'có', 'không', 'được', 'cho', 'những', 'này', 'một', 'các', 'trong'],
    tr: ['ve', 'bir', 'bu', 'için', 'ile', 'de', 'da', 'çok', 'ne', 'gibi', 'daha', 'olarak'],
    id: ['dan', 'yang', 'di', 'ini', 'itu', 'dengan', 'untuk', 'tidak', 'dari', 'akan', 'ada', 'adalah'],
  },
};

/** The ISO 639-1 code of the text's language, or undefined when it cannot tell. */
export function detectLanguage(text: string): string | undefined {
  let best: { script: string; count: number } | undefined;
  for (const [pattern, script] of SCRIPTS) {
    const count = text.match(pattern)?.length ?? 0;
    // Japanese text is mostly Han characters: any kana makes it Japanese.
    if (script === 'ja' && count > 0) return 'ja';
    if (count > (best?.count ?? 0)) best = { script, count };
  }
  if (!best) return undefined;
  const candidates = SHARED_SCRIPT[best.script];
  if (!candidates) return best.script;
  const words = text.toLowerCase().match(/[\p{L}\p{M}]+/gu) ?? [];
  let winner: { language: string; hits: number } | undefined;
  for (const [language, list] of Object.entries(candidates)) {
    const set = new Set(list);
    const hits = words.filter((word) => set.has(word)).length;
    if (hits > (winner?.hits ?? 0)) winner = { language, hits };
  }
  return winner?.language;
}
