/**
 * The will question in the page's language. A partner sends one text (every language gets
 * it, as before languages existed) or a text per listed language with the default language's
 * among them; the order keeps the default language's text as `question` (what orders written
 * before languages hold too) and the texts by language as `questions`.
 */
import { API_ERROR_CODES, type WillQuestion } from "../../../schemas/api";
import { HttpError } from "../http/errors";
import { requireListedLanguage, type ServiceLanguages } from "../languages";

export interface StoredWillQuestion {
  /** The default language's text, or the one text the partner sent. */
  question: string;
  /** Texts by language tag; null when the partner sent one text for every language. */
  questions: Record<string, string> | null;
}

/** The partner's question as the order keeps it; 400 LANG_UNKNOWN for an unlisted tag, 400 BAD_REQUEST without the default's text. */
export function storedWillQuestion(question: WillQuestion, languages: ServiceLanguages): StoredWillQuestion {
  if (typeof question === "string") return { question, questions: null };
  for (const tag of Object.keys(question)) requireListedLanguage(languages, tag, "will.question");
  const fallback = question[languages.default];
  if (fallback === undefined) {
    throw new HttpError(400, API_ERROR_CODES.badRequest, `invalid body: will.question needs the default language's text ("${languages.default}")`);
  }
  return { question: fallback, questions: { ...question } };
}

/** The question to show in `lang`: its own text, else the default language's. */
export function willQuestionIn(will: StoredWillQuestion, lang: string): string {
  const { questions } = will;
  return questions !== null && Object.hasOwn(questions, lang) ? (questions[lang] ?? will.question) : will.question;
}
