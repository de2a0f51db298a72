package faceflow.partner;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the kit needs, so it depends on nothing but the JDK: objects are read as
 * {@code Map<String, Object>} (in their order), arrays as {@code List<Object>}, whole numbers as
 * {@code Long}, other numbers as {@code Double}. Strings are written as JavaScript's
 * JSON.stringify writes them (non-ASCII as is), so what the kit sends reads like the Node kit's.
 */
public final class Json {
    private Json() {}

    /** Parse one JSON value; IllegalArgumentException with the position when the text is not JSON. */
    public static Object parse(String text) {
        Parser parser = new Parser(text);
        parser.space();
        Object value = parser.value();
        parser.space();
        if (parser.at != text.length()) throw parser.error("text after the value");
        return value;
    }

    /** Write maps (string keys), lists, strings, numbers, booleans and null as compact JSON. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    /** The value as an object, or IllegalArgumentException naming what it was. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(Object value) {
        if (value instanceof Map<?, ?> map) return (Map<String, Object>) map;
        throw new IllegalArgumentException("expected a JSON object, got " + describe(value));
    }

    /** The value as an array, or IllegalArgumentException naming what it was. */
    @SuppressWarnings("unchecked")
    public static List<Object> array(Object value) {
        if (value instanceof List<?> list) return (List<Object>) list;
        throw new IllegalArgumentException("expected a JSON array, got " + describe(value));
    }

    private static String describe(Object value) {
        return value == null ? "null" : value.getClass().getSimpleName();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null || value instanceof Boolean || value instanceof Integer || value instanceof Long
                || value instanceof Short || value instanceof Byte || value instanceof BigInteger) {
            out.append(value);
        } else if (value instanceof BigDecimal decimal) {
            out.append(decimal.toPlainString());
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (!Double.isFinite(d)) throw new IllegalArgumentException("JSON has no " + d);
            out.append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d));
        } else if (value instanceof String s) {
            string(s, out);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String key)) throw new IllegalArgumentException("JSON object keys are strings");
                if (!first) out.append(',');
                first = false;
                string(key, out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Collection<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) out.append(',');
                first = false;
                write(item, out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + describe(value) + " as JSON");
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
                    if (pair) {
                        out.append(c).append(s.charAt(++i));
                    } else if (c < 0x20 || Character.isSurrogate(c)) {
                        // Control characters, and a surrogate without its pair, escaped as JSON.stringify does.
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static final class Parser {
        private final String text;
        private int at;

        Parser(String text) {
            this.text = text;
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException("not JSON at " + at + ": " + what);
        }

        void space() {
            while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
        }

        Object value() {
            if (at >= text.length()) throw error("the text ends");
            char c = text.charAt(at);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (c == '-' || (c >= '0' && c <= '9')) return number();
            if (text.startsWith("true", at)) return word("true", Boolean.TRUE);
            if (text.startsWith("false", at)) return word("false", Boolean.FALSE);
            if (text.startsWith("null", at)) return word("null", null);
            throw error("unexpected '" + c + "'");
        }

        private Object word(String word, Object value) {
            at += word.length();
            return value;
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            space();
            if (peek('}')) return map;
            while (true) {
                space();
                if (at >= text.length() || text.charAt(at) != '"') throw error("expected a key");
                String key = string();
                space();
                expect(':');
                space();
                map.put(key, value());
                space();
                if (peek('}')) return map;
                expect(',');
            }
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            at++;
            space();
            if (peek(']')) return list;
            while (true) {
                space();
                list.add(value());
                space();
                if (peek(']')) return list;
                expect(',');
            }
        }

        private boolean peek(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) throw error("expected '" + c + "'");
        }

        private String string() {
            StringBuilder out = new StringBuilder();
            at++;
            while (true) {
                if (at >= text.length()) throw error("unterminated string");
                char c = text.charAt(at++);
                if (c == '"') return out.toString();
                if (c < 0x20) throw error("control character in a string");
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (at >= text.length()) throw error("unterminated escape");
                char e = text.charAt(at++);
                switch (e) {
                    case '"', '\\', '/' -> out.append(e);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        if (at + 4 > text.length()) throw error("short \\u escape");
                        try {
                            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        } catch (NumberFormatException bad) {
                            throw error("bad \\u escape");
                        }
                        at += 4;
                    }
                    default -> throw error("bad escape \\" + e);
                }
            }
        }

        private Object number() {
            int start = at;
            peek('-'); // an optional sign
            digits();
            boolean whole = true;
            if (peek('.')) {
                whole = false;
                digits();
            }
            if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
                whole = false;
                at++;
                if (!peek('+')) peek('-');
                digits();
            }
            String literal = text.substring(start, at);
            if (whole) {
                try {
                    return Long.parseLong(literal);
                } catch (NumberFormatException tooLong) {
                    return Double.parseDouble(literal);
                }
            }
            return Double.parseDouble(literal);
        }

        private void digits() {
            int start = at;
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') at++;
            if (at == start) throw error("expected a digit");
        }
    }
}
