package faceflow.partner;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Verifying the return payload, the query faceflow appends to the partner's return URL
 * (packages/partner-node/src/returnSigning.ts in the faceflow repository). Both signatures are hex
 * HMAC-SHA256 with the app secret:
 * <ul>
 * <li>signature over "faceflow-return-core-v1\n" + appId + "\n" + canonical(orderNo, h5faceId, code, liveRate);</li>
 * <li>newSignature over "faceflow-return-v1\n" + appId + "\n" + canonical(every field but the two signatures).</li>
 * </ul>
 * A return is valid only when both match. It carries no time and never expires: check that its
 * orderNo is an order you started for this user and have not handled yet.
 */
public final class ReturnSigning {
    private ReturnSigning() {}

    public static final List<String> RETURN_PAYLOAD_KEYS =
            List.of("orderNo", "code", "signature", "newSignature", "liveRate", "h5faceId", "willCode", "faceCode", "similarity", "checks");
    private static final List<String> CORE_KEYS = List.of("orderNo", "h5faceId", "code", "liveRate");
    private static final Pattern SIGNATURE = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern SCHEME = Pattern.compile("(?i)^[a-z][a-z0-9+.-]*:.*", Pattern.DOTALL);
    private static final String MALFORMED = "payload fields missing or malformed";

    /** The texts the two signatures cover: [core, full]. */
    public static String[] bases(String appId, Map<String, String> fields) {
        Map<String, String> core = new LinkedHashMap<>();
        for (String key : CORE_KEYS) core.put(key, fields.get(key));
        Map<String, String> full = new LinkedHashMap<>(fields);
        full.remove("signature");
        full.remove("newSignature");
        return new String[] {
            "faceflow-return-core-v1\n" + appId + "\n" + Canonical.canonicalQuery(core),
            "faceflow-return-v1\n" + appId + "\n" + Canonical.canonicalQuery(full),
        };
    }

    /** Valid by any of {@code secrets} (yours first, then rotation secrets); else the first one's reason. */
    public static ReturnVerification verify(String appId, List<String> secrets, String urlOrQuery) {
        return verifyParsed(appId, secrets, paramsOf(urlOrQuery));
    }

    /** The same for parameters your web framework already parsed. */
    public static ReturnVerification verify(String appId, List<String> secrets, Map<String, String> params) {
        Map<String, List<String>> lists = new LinkedHashMap<>();
        params.forEach((key, value) -> {
            if (value != null) lists.put(key, List.of(value));
        });
        return verifyParsed(appId, secrets, lists);
    }

    private static ReturnVerification verifyParsed(String appId, List<String> secrets, Map<String, List<String>> params) {
        if (secrets.isEmpty()) throw new IllegalArgumentException("verifying a return needs at least one secret");
        ReturnVerification first = null;
        for (String secret : secrets) {
            ReturnVerification result = verifyOne(appId, secret, params);
            if (result.valid()) return result;
            if (first == null) first = result;
        }
        return first;
    }

    private static ReturnVerification verifyOne(String appId, String secret, Map<String, List<String>> params) {
        Map<String, String> picked = new LinkedHashMap<>();
        for (String key : RETURN_PAYLOAD_KEYS) {
            List<String> values = params.get(key);
            // A repeated parameter counts once, the first time, as in the service's kit.
            String value = values == null || values.isEmpty() ? null : values.get(0);
            if (value != null && !value.isEmpty() && !value.equals("null")) picked.put(key, value);
        }
        if (!picked.containsKey("orderNo") || !picked.containsKey("code")
                || !SIGNATURE.matcher(picked.getOrDefault("signature", "")).matches()
                || !SIGNATURE.matcher(picked.getOrDefault("newSignature", "")).matches()) {
            return new ReturnVerification(false, null, MALFORMED);
        }
        String[] bases = bases(appId, picked);
        if (!Canonical.safeEqualHex(Canonical.hmacHex(secret, bases[0]), picked.get("signature"))) {
            return new ReturnVerification(false, picked, "signature does not match");
        }
        if (!Canonical.safeEqualHex(Canonical.hmacHex(secret, bases[1]), picked.get("newSignature"))) {
            return new ReturnVerification(false, picked, "newSignature does not match");
        }
        return new ReturnVerification(true, picked, null);
    }

    /** A whole URL (its query, then what follows "?" in the fragment: hash-routed pages) or a query string. */
    static Map<String, List<String>> paramsOf(String input) {
        if (!SCHEME.matcher(input).matches()) return parseQuery(input.startsWith("?") ? input.substring(1) : input);
        int hash = input.indexOf('#');
        String beforeHash = hash < 0 ? input : input.substring(0, hash);
        String fragment = hash < 0 ? "" : input.substring(hash + 1);
        Map<String, List<String>> params = parseQuery(after(beforeHash, '?'));
        parseQuery(after(fragment, '?')).forEach(params::putIfAbsent);
        return params;
    }

    private static String after(String text, char c) {
        int i = text.indexOf(c);
        return i < 0 ? "" : text.substring(i + 1);
    }

    /** application/x-www-form-urlencoded as browsers read it: "+" is a space, bad UTF-8 becomes U+FFFD. */
    private static Map<String, List<String>> parseQuery(String query) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (String piece : query.split("&")) {
            if (piece.isEmpty()) continue;
            int eq = piece.indexOf('=');
            String name = decode(eq < 0 ? piece : piece.substring(0, eq));
            String value = decode(eq < 0 ? "" : piece.substring(eq + 1));
            params.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return params;
    }

    /** Not URLDecoder, which throws on a stray "%": the bytes are decoded as the WHATWG URL standard does. */
    private static String decode(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            byte b = bytes[i];
            int high = i + 2 < bytes.length ? Character.digit(bytes[i + 1], 16) : -1;
            int low = i + 2 < bytes.length ? Character.digit(bytes[i + 2], 16) : -1;
            if (b == '%' && high >= 0 && low >= 0) {
                out.write(high * 16 + low);
                i += 2;
            } else {
                out.write(b == '+' ? ' ' : b);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
