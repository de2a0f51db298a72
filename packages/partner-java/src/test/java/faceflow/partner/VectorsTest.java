package faceflow.partner;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kit against the shared vectors (packages/test-vectors/partner-vectors.json, made by the
 * service's own Node kit), one check per vector so a failure names the case.
 * Run: java -cp build/main:build/test faceflow.partner.VectorsTest ../test-vectors/partner-vectors.json
 */
public final class VectorsTest {
    private VectorsTest() {}

    public static void main(String[] args) throws Exception {
        Map<String, Object> vectors = Json.object(Json.parse(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8)));
        long defaultTolerance = (Long) vectors.get("webhookToleranceSec");
        Checks checks = new Checks();

        for (Object item : Json.array(vectors.get("requestSignatures"))) {
            Map<String, Object> v = Json.object(item);
            checks.run("request: " + v.get("name"), () -> {
                String[] parts = {s(v, "method"), s(v, "path"), s(v, "timestamp"), s(v, "nonce"), s(v, "body")};
                Checks.equal(v.get("base"), RequestSigning.base(parts[0], parts[1], parts[2], parts[3], parts[4]), "base");
                Checks.equal(v.get("signature"), RequestSigning.sign(s(v, "secret"), parts[0], parts[1], parts[2], parts[3], parts[4]), "signature");
                Checks.equal(v.get("headers"), RequestSigning.headers(s(v, "appId"), s(v, "secret"), parts[0], parts[1], parts[2], parts[3], parts[4]), "headers");
            });
        }
        for (Object item : Json.array(vectors.get("canonicalQuery"))) {
            Map<String, Object> v = Json.object(item);
            checks.run("canonical: " + v.get("name"), () -> Checks.equal(v.get("canonical"), Canonical.canonicalQuery(texts(v.get("params"))), "canonical"));
        }
        for (Object item : Json.array(vectors.get("returns"))) {
            Map<String, Object> v = Json.object(item);
            checks.run("return: " + v.get("name"), () -> {
                Map<String, Object> input = Json.object(v.get("input"));
                List<String> secrets = Json.array(v.get("secrets")).stream().map(String.class::cast).toList();
                ReturnVerification result = input.containsKey("params")
                        ? ReturnSigning.verify(s(v, "appId"), secrets, texts(input.get("params")))
                        : ReturnSigning.verify(s(v, "appId"), secrets, (String) input.getOrDefault("url", input.get("query")));
                Map<String, Object> expect = Json.object(v.get("expect"));
                Checks.equal(expect.get("valid"), result.valid(), "valid");
                Checks.equal(expect.get("payload"), result.payload(), "payload");
                Checks.equal(expect.get("reason"), result.reason(), "reason");
                if (v.containsKey("bases")) {
                    Map<String, String> fields = new LinkedHashMap<>(texts(expect.get("payload")));
                    Map<String, Object> bases = Json.object(v.get("bases"));
                    Checks.equal(List.of(bases.get("core"), bases.get("full")), List.of(ReturnSigning.bases(s(v, "appId"), fields)), "bases");
                }
            });
        }
        for (Object item : Json.array(vectors.get("webhooks"))) {
            Map<String, Object> v = Json.object(item);
            checks.run("webhook: " + v.get("name"), () -> {
                List<String> secrets = Json.array(v.get("secrets")).stream().map(String.class::cast).toList();
                long tolerance = v.containsKey("toleranceSec") ? (Long) v.get("toleranceSec") : defaultTolerance;
                byte[] body = s(v, "body").getBytes(StandardCharsets.UTF_8);
                WebhookVerification result = WebhookSigning.verify(body, (String) v.get("header"), secrets, (Long) v.get("nowSec"), tolerance);
                Map<String, Object> expect = Json.object(v.get("expect"));
                Checks.equal(expect.get("ok"), result.ok(), "ok");
                Checks.equal(expect.get("timestampSec"), result.timestampSec(), "timestampSec");
                Checks.equal(expect.get("reason"), result.reason(), "reason");
            });
        }
        Map<String, Object> first = Json.object(Json.array(vectors.get("webhooks")).get(0));
        checks.run("signs a webhook as the service does", () -> Checks.equal(first.get("header"),
                WebhookSigning.sign((String) Json.array(first.get("secrets")).get(0), s(first, "body").getBytes(StandardCharsets.UTF_8),
                        (Long) Json.object(first.get("expect")).get("timestampSec")), "header"));
        checks.run("JSON written as JSON.stringify writes it", () -> Checks.equal(
                Json.object(Json.array(vectors.get("requestSignatures")).get(2)).get("body"),
                Json.write(Json.parse((String) Json.object(Json.array(vectors.get("requestSignatures")).get(2)).get("body"))), "body"));
        System.exit(checks.summary());
    }

    private static String s(Map<String, Object> v, String key) {
        return (String) v.get(key);
    }

    private static Map<String, String> texts(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        Json.object(value).forEach((k, x) -> out.put(k, (String) x));
        return out;
    }
}
