import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON for the service: an object is a {@code Map<String, Object>} that keeps its
 * keys in order, an array a {@code List<Object>}, a number a {@code Long} (or a {@code Double}
 * when it has a fraction or an exponent), and JSON's null is Java's null.
 */
final class Json {
    private Json() {}

    /** An object from keys and values given in turn: {@code object("card", "Fire // Ice")}. */
    static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            object.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return object;
    }

    /** An array of the values given. */
    static List<Object> array(Object... values) {
        return new ArrayList<>(Arrays.asList(values));
    }

    /** A value that must be an object. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> asObject(Object value) {
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("expected a JSON object, got " + write(value));
        }
        return (Map<String, Object>) value;
    }

    /** A value that must be an array. */
    @SuppressWarnings("unchecked")
    static List<Object> asArray(Object value) {
        if (!(value instanceof List)) {
            throw new IllegalArgumentException("expected a JSON array, got " + write(value));
        }
        return (List<Object>) value;
    }

    // -- writing ---------------------------------------------------------------------------------

    /** The value as compact JSON text. */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null || value instanceof Boolean || value instanceof Long || value instanceof Integer) {
            out.append(value);
        } else if (value instanceof Double number) {
            if (number.isNaN() || number.isInfinite()) {
                throw new IllegalArgumentException("JSON has no " + number);
            }
            out.append(number);
        } else if (value instanceof String text) {
            writeString(text, out);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            String comma = "";
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.append(comma);
                writeString((String) entry.getKey(), out);
                out.append(':');
                write(entry.getValue(), out);
                comma = ",";
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            String comma = "";
            for (Object item : list) {
                out.append(comma);
                write(item, out);
                comma = ",";
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    private static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c); // the frame's body is UTF-8: no need to escape the rest
                    }
                }
            }
        }
        out.append('"');
    }

    // -- reading ---------------------------------------------------------------------------------

    /** The value the JSON text holds; {@link IllegalArgumentException} if it is not JSON. */
    static Object read(String text) {
        Reader reader = new Reader(text);
        Object value = reader.value();
        reader.skipSpace();
        if (reader.at < text.length()) {
            throw reader.error("the end of the text");
        }
        return value;
    }

    private static final class Reader {
        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        Object value() {
            skipSpace();
            if (at >= text.length()) {
                throw error("a value");
            }
            return switch (text.charAt(at)) {
                case '{' -> object();
                case '[' -> array();
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", null);
                default -> number();
            };
        }

        private Map<String, Object> object() {
            Map<String, Object> object = new LinkedHashMap<>();
            at++; // {
            skipSpace();
            if (peek() == '}') {
                at++;
                return object;
            }
            while (true) {
                skipSpace();
                if (peek() != '"') {
                    throw error("a key");
                }
                String key = string();
                skipSpace();
                expect(':');
                object.put(key, value());
                skipSpace();
                if (peek() == '}') {
                    at++;
                    return object;
                }
                expect(',');
            }
        }

        private List<Object> array() {
            List<Object> array = new ArrayList<>();
            at++; // [
            skipSpace();
            if (peek() == ']') {
                at++;
                return array;
            }
            while (true) {
                array.add(value());
                skipSpace();
                if (peek() == ']') {
                    at++;
                    return array;
                }
                expect(',');
            }
        }

        private String string() {
            StringBuilder out = new StringBuilder();
            at++; // "
            while (true) {
                char c = next();
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char escaped = next();
                switch (escaped) {
                    case '"', '\\', '/' -> out.append(escaped);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        // A character outside the BMP comes as two escapes, which Java's
                        // UTF-16 strings take as they are.
                        if (at + 4 > text.length()) {
                            throw error("four hex digits");
                        }
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> throw error("an escape");
                }
            }
        }

        private Object number() {
            int start = at;
            while (at < text.length() && "+-.eE0123456789".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            String digits = text.substring(start, at);
            try {
                if (digits.contains(".") || digits.contains("e") || digits.contains("E")) {
                    return Double.parseDouble(digits);
                }
                return Long.parseLong(digits);
            } catch (NumberFormatException e) {
                at = start;
                throw error("a value");
            }
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, at)) {
                throw error("a value");
            }
            at += word.length();
            return value;
        }

        void skipSpace() {
            while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
        }

        private char peek() {
            return at < text.length() ? text.charAt(at) : '\0';
        }

        private char next() {
            if (at >= text.length()) {
                throw error("more text");
            }
            return text.charAt(at++);
        }

        private void expect(char wanted) {
            if (peek() != wanted) {
                throw error("'" + wanted + "'");
            }
            at++;
        }

        IllegalArgumentException error(String wanted) {
            return new IllegalArgumentException("not JSON: expected " + wanted + " at character " + at);
        }
    }
}
