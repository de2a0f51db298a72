package faceflow.partner;

import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The kit against a real faceflow service started by the test (scripts/kits/kitService.ts runs
 * the service's own entry point, configured with this app, its secret and a webhook URL pointing
 * at the receiver below): create an order, let it reach a verdict (a failure, on its only
 * attempt), receive the service's signed webhook and verify it with the kit, read the order back
 * with the same verdict. Ports 8297 (service) and 8298 (receiver); needs node and the
 * repository's node_modules. Run: java -cp build/main:build/test faceflow.partner.EndToEndTest ../..
 */
public final class EndToEndTest {
    private EndToEndTest() {}

    private static final int SERVICE_PORT = 8297;
    private static final int RECEIVER_PORT = 8298;
    private static final String APP_ID = "JAVAKIT01";
    private static final String SECRET = "java-kit-e2e-secret-0123456789abcdef";

    private record Received(byte[] body, String eventId, WebhookVerification check) {}

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(args[0]).toAbsolutePath().normalize();
        BlockingQueue<Received> received = new LinkedBlockingQueue<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", RECEIVER_PORT), 0);
        receiver.createContext("/faceflow/events", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String header = exchange.getRequestHeaders().getFirst(WebhookSigning.SIGNATURE_HEADER);
            WebhookVerification check = WebhookSigning.verify(body, header, List.of(SECRET), System.currentTimeMillis() / 1000);
            received.add(new Received(body, exchange.getRequestHeaders().getFirst(WebhookSigning.EVENT_ID_HEADER), check));
            // A 2xx only for a verified event: anything else, and the service tries again later.
            exchange.sendResponseHeaders(check.ok() ? 204 : 400, -1);
            exchange.close();
        });
        receiver.start();

        Process driver = new ProcessBuilder("node", "--import", "tsx", "scripts/kits/kitService.ts",
                Integer.toString(SERVICE_PORT), APP_ID, SECRET, "http://127.0.0.1:" + RECEIVER_PORT + "/faceflow/events")
                .directory(repo.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) lines.add(line);
            } catch (IOException closed) {
                // The driver ended: nothing more to read.
            }
        });
        reader.setDaemon(true);
        reader.start();
        Writer commands = new OutputStreamWriter(driver.getOutputStream(), StandardCharsets.UTF_8);

        Checks checks = new Checks();
        try {
            // The service starts from its sources (tsx): allow for a busy machine.
            String baseUrl = (String) answer(lines, 180).get("baseUrl");
            checks.run("creates an order, receives its verified webhook and reads the same verdict", () -> {
                FaceflowPartner faceflow = new FaceflowPartner(baseUrl, APP_ID, SECRET);
                // A will question in Traditional Chinese: non-ASCII text in the signed body.
                FaceflowPartner.Launch order = faceflow.createOrder(Map.of(
                        "userId", "java-user-1",
                        "liveType", "2",
                        "actions", List.of("2", "3"),
                        "will", Map.of("question", "您是否同意本次認證？"),
                        "returnUrl", baseUrl + "/#/entry",
                        "maxAttempts", 1));
                Checks.truth(order.launchUrl().startsWith(baseUrl), "launch URL on the service: " + order.launchUrl());
                Checks.equal("created", faceflow.getOrder(order.orderNo()).get("state"), "state before the verdict");
                try {
                    new FaceflowPartner(baseUrl, APP_ID, "not-the-secret-0123456789").getOrder(order.orderNo());
                    throw new AssertionError("a wrong secret was accepted");
                } catch (FaceflowPartnerException refused) {
                    Checks.equal(List.of(401, "AUTH_SIGNATURE"), List.of(refused.status(), refused.code()), "wrong secret");
                }

                commands.write(Json.write(Map.of("verdict", Map.of("orderNo", order.orderNo(), "passed", false))) + "\n");
                commands.flush();
                Map<String, Object> recorded = Json.object(answer(lines, 30).get("recorded"));
                Received got = received.poll(30, TimeUnit.SECONDS);
                Checks.truth(got != null, "no webhook within 30 s");
                Checks.truth(got.check().ok(), "webhook not verified: " + got.check());
                Map<String, Object> event = Json.object(Json.parse(new String(got.body(), StandardCharsets.UTF_8)));
                Checks.equal(event.get("id"), got.eventId(), "event id header");
                Checks.equal("verification.completed", event.get("type"), "type");
                Checks.equal(APP_ID, event.get("appId"), "appId");
                Map<String, Object> data = Json.object(event.get("data"));
                Checks.equal(List.of(order.orderNo(), "java-user-1", false, recorded.get("code"), recorded.get("liveRate"), recorded.get("checks")),
                        List.of(data.get("orderNo"), data.get("userId"), data.get("passed"), data.get("code"), data.get("liveRate"), data.get("checks")), "event data");

                Map<String, Object> view = faceflow.getOrder(order.orderNo());
                Checks.equal("failed", view.get("state"), "state after the verdict");
                Map<String, String> result = texts(view.get("result"));
                Checks.equal(List.of(data.get("orderNo"), data.get("code"), data.get("liveRate").toString(), String.join(",", Json.array(data.get("checks")).stream().map(String.class::cast).toList())),
                        List.of(result.get("orderNo"), result.get("code"), result.get("liveRate"), result.get("checks")), "signed result");
                Checks.truth(faceflow.verifyReturn(result).valid(), "the order's signed result verifies");
                Map<String, Object> attempt = Json.object(Json.array(view.get("attempts")).get(0));
                Checks.equal(List.of(1, "failed", "1017"), List.of(Json.array(view.get("attempts")).size(), attempt.get("status"), attempt.get("code")), "attempts");
            });
        } finally {
            // Closing stdin stops the service and removes its data.
            commands.close();
            if (!driver.waitFor(30, TimeUnit.SECONDS)) driver.destroyForcibly().waitFor();
            receiver.stop(0);
        }
        System.exit(checks.summary());
    }

    private static Map<String, Object> answer(BlockingQueue<String> lines, int timeoutSec) throws InterruptedException {
        String line = lines.poll(timeoutSec, TimeUnit.SECONDS);
        if (line == null) throw new AssertionError("the service driver said nothing in " + timeoutSec + " s");
        Map<String, Object> answer = Json.object(Json.parse(line));
        if (answer.containsKey("error")) throw new AssertionError("the service driver says: " + answer.get("error"));
        return answer;
    }

    private static Map<String, String> texts(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        Json.object(value).forEach((k, x) -> out.put(k, (String) x));
        return out;
    }
}
