package faceflow.partner;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One app's client of the faceflow partner API (java.net.http, standard library only).
 * <pre>
 * var faceflow = new FaceflowPartner("https://faceflow.example", "APP1", secret);
 * var order = faceflow.createOrder(Map.of("userId", "u1", "liveType", "2", "actions", List.of("2"), "returnUrl", "https://shop.example/kyc/done"));
 * // send the user to order.launchUrl(); when they come back to /kyc/done?...:
 * ReturnVerification result = faceflow.verifyReturn(requestUrl);
 * </pre>
 */
public final class FaceflowPartner {
    /** Order creation's and a relaunch's answer: send the user to {@code launchUrl}. */
    public record Launch(String orderNo, String h5FaceId, String launchUrl, String expiresAt) {}

    private static final List<String> ORDER_KEYS = List.of(
            "orderNo", "h5_face_id", "appId", "userId", "liveType", "state", "createdAt", "finishedAt", "maxAttempts", "guidance", "result", "attempts");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String base;
    private final String basePath;
    private final String appId;
    private final String secret;
    private final List<String> rotationSecrets;
    private final HttpClient http;
    private final Duration timeout = Duration.ofSeconds(10);

    public FaceflowPartner(String baseUrl, String appId, String secret) {
        this(baseUrl, appId, secret, List.of());
    }

    /** {@code rotationSecrets} only verify returns (never sign), during a secret rotation. */
    public FaceflowPartner(String baseUrl, String appId, String secret, List<String> rotationSecrets) {
        this.base = baseUrl.replaceAll("/+$", "");
        // A path prefix (https://example.com/faceflow) is part of what the service sees, so it is signed.
        String path = URI.create(this.base).getRawPath();
        this.basePath = path == null ? "" : path.replaceAll("/+$", "");
        this.appId = appId;
        this.secret = secret;
        this.rotationSecrets = List.copyOf(rotationSecrets);
        // HTTP/1.1: the default HTTP/2 would ask a plain-http service to upgrade. Redirects are
        // not followed: the partner API never redirects, and the signed headers stay with it.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(timeout)
                .build();
    }

    /** Create an order (a map of the fields of POST /partner/v1/orders); send the user to its launch URL. */
    public Launch createOrder(Map<String, ?> order) throws IOException, InterruptedException {
        return launch(call("POST", "/partner/v1/orders", order));
    }

    /** A fresh launch URL for an unfinished order (the first one expired or was used up). */
    public Launch relaunch(String orderNo) throws IOException, InterruptedException {
        return launch(call("POST", "/partner/v1/orders/" + pathSegment(orderNo) + "/launches", Map.of()));
    }

    /** State, signed result (null until finished) and every attempt of an order. */
    public Map<String, Object> getOrder(String orderNo) throws IOException, InterruptedException {
        return withKeys(call("GET", "/partner/v1/orders/" + pathSegment(orderNo), null), ORDER_KEYS);
    }

    /** Check what came back on the return URL (the whole URL or its query). */
    public ReturnVerification verifyReturn(String urlOrQuery) {
        return ReturnSigning.verify(appId, secrets(), urlOrQuery);
    }

    /** Check parameters your web framework already parsed. */
    public ReturnVerification verifyReturn(Map<String, String> params) {
        return ReturnSigning.verify(appId, secrets(), params);
    }

    /** Sign and send one request (path from the API root, e.g. "/partner/v1/orders"); the parsed JSON answer. */
    public Object request(String method, String path, Object body) throws IOException, InterruptedException {
        return call(method, path, body).json;
    }

    private record Answer(int status, Object json) {}

    private Answer call(String method, String path, Object body) throws IOException, InterruptedException {
        String text = body == null ? "" : Json.write(body);
        String timestamp = Long.toString(System.currentTimeMillis() / 1000);
        byte[] nonce = new byte[16];
        RANDOM.nextBytes(nonce);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(timeout).header("accept", "application/json");
        RequestSigning.headers(appId, secret, method, basePath + path, timestamp, HexFormat.of().formatHex(nonce), text).forEach(request::header);
        if (body != null) request.header("content-type", "application/json");
        // The bytes sent are exactly the UTF-8 of the signed text.
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(text, StandardCharsets.UTF_8));
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        Object json;
        try {
            json = Json.parse(response.body());
        } catch (IllegalArgumentException notJson) {
            json = null;
        }
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            if (json == null) throw new FaceflowPartnerException(status, "UNEXPECTED_RESPONSE", "the answer is not JSON");
            return new Answer(status, json);
        }
        if (json instanceof Map<?, ?> error && error.get("code") instanceof String code && error.get("message") instanceof String message) {
            throw new FaceflowPartnerException(status, code, message);
        }
        throw new FaceflowPartnerException(status, "UNEXPECTED_RESPONSE", "error response without { code, message }");
    }

    private static Launch launch(Answer answer) {
        Map<String, Object> launch = withKeys(answer, List.of("orderNo", "h5_face_id", "launchUrl", "expiresAt"));
        return new Launch(text(answer, launch, "orderNo"), text(answer, launch, "h5_face_id"), text(answer, launch, "launchUrl"), text(answer, launch, "expiresAt"));
    }

    private static String text(Answer answer, Map<String, Object> map, String key) {
        if (map.get(key) instanceof String value) return value;
        throw new FaceflowPartnerException(answer.status, "UNEXPECTED_RESPONSE", key + " is not text");
    }

    private static Map<String, Object> withKeys(Answer answer, List<String> keys) {
        List<String> missing = new ArrayList<>();
        Map<String, Object> map = answer.json instanceof Map<?, ?> ? Json.object(answer.json) : new LinkedHashMap<>();
        for (String key : keys) if (!map.containsKey(key)) missing.add(key);
        if (!missing.isEmpty()) throw new FaceflowPartnerException(answer.status, "UNEXPECTED_RESPONSE", "answer without " + String.join(", ", missing));
        return map;
    }

    private List<String> secrets() {
        List<String> all = new ArrayList<>();
        all.add(secret);
        all.addAll(rotationSecrets);
        return all;
    }

    /** Order numbers are [A-Za-z0-9_-]; encoded anyway (as the Node kit does) so a bad one cannot change the path. */
    private static String pathSegment(String value) {
        return Canonical.encodeUriComponent(value);
    }
}
