import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A client of {@code splitcards serve}: it starts the server as a child process and sends it
 * JSON-RPC 2.0 requests on its stdin, each in a frame as the Language Server Protocol frames
 * them ({@code Content-Length: N}, an empty line, then N bytes of UTF-8 JSON), and reads the
 * answers from its stdout. The server's messages for people go to its stderr, which is ours.
 */
final class RulesClient implements AutoCloseable {
    /** The service version this client speaks. */
    static final String SERVICE_VERSION = "1.0";

    private final Process server;
    private final OutputStream toServer;
    private final InputStream fromServer;
    private long nextId = 1;

    private RulesClient(Process server) {
        this.server = server;
        this.toServer = new BufferedOutputStream(server.getOutputStream());
        this.fromServer = new BufferedInputStream(server.getInputStream());
    }

    /** Starts the server with this command line, such as {@code [splitcards, serve]}. */
    static RulesClient start(List<String> command) throws IOException {
        Process server = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        return new RulesClient(server);
    }

    /** The first request: says which service version we speak; the server says who it is. */
    Map<String, Object> initialize(String client) throws IOException {
        Object params = Json.object("versions", Json.array(SERVICE_VERSION), "client", client);
        return Json.asObject(call("initialize", params));
    }

    /** One question: its envelope ({@code value, rules, version, decision}, maybe {@code refusal}). */
    Map<String, Object> ask(String method, Map<String, Object> params) throws IOException {
        return Json.asObject(call(method, params));
    }

    /**
     * Many questions in one request: each question is {@code {method, params}}, and {@code shared}
     * fills in what its params leave out. The envelopes come back in the order asked.
     */
    List<Map<String, Object>> batch(Map<String, Object> shared, List<Object> questions) throws IOException {
        Object result = call("batch", Json.object("shared", shared, "questions", questions));
        List<Map<String, Object>> envelopes = new ArrayList<>();
        for (Object answer : Json.asArray(Json.asObject(result).get("answers"))) {
            Map<String, Object> envelope = Json.asObject(answer);
            if (envelope.containsKey("error")) {
                // One question of the batch was not a question (bad params, unknown card...).
                Object method = Json.asObject(questions.get(envelopes.size())).get("method");
                throw new ServiceError("batch: " + method, Json.asObject(envelope.get("error")));
            }
            envelopes.add(envelope);
        }
        return envelopes;
    }

    /** Says {@code shutdown}, then {@code exit}; the server's exit status (0 when all went well). */
    int shutdown() throws IOException, InterruptedException {
        call("shutdown", null);
        send(Json.object("jsonrpc", "2.0", "method", "exit")); // a notification: no id, no answer
        toServer.close();
        return server.waitFor();
    }

    @Override
    public void close() {
        server.destroy(); // after shutdown it has exited already; otherwise it is stopped
    }

    // -- JSON-RPC ------------------------------------------------------------------------------

    private Object call(String method, Object params) throws IOException {
        long id = nextId++;
        var request = Json.object("jsonrpc", "2.0", "id", id, "method", method);
        if (params != null) {
            request.put("params", params);
        }
        send(request);
        Map<String, Object> answer = Json.asObject(receive());
        // The server answers requests in order, so the next answer is this request's.
        if (!Objects.equals(answer.get("id"), id)) {
            throw new IOException("asked request " + id + " (" + method + "), got the answer to " + answer.get("id"));
        }
        if (answer.containsKey("error")) {
            throw new ServiceError(method, Json.asObject(answer.get("error")));
        }
        return answer.get("result");
    }

    // -- frames --------------------------------------------------------------------------------

    private void send(Map<String, Object> message) throws IOException {
        byte[] body = Json.write(message).getBytes(StandardCharsets.UTF_8);
        // Content-Length counts bytes, not characters.
        toServer.write(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        toServer.write(body);
        toServer.flush();
    }

    private Object receive() throws IOException {
        int length = -1;
        for (String line = headerLine(); !line.isEmpty(); line = headerLine()) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
                length = Integer.parseInt(line.substring(colon + 1).trim());
            }
        }
        if (length < 0) {
            throw new IOException("the server sent a frame without Content-Length");
        }
        byte[] body = fromServer.readNBytes(length);
        if (body.length < length) {
            throw new IOException("the server's output ended inside a frame");
        }
        return Json.read(new String(body, StandardCharsets.UTF_8));
    }

    private String headerLine() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int b = fromServer.read();
            if (b < 0) {
                throw new IOException("the server closed its output (see its messages above)");
            }
            if (b == '\n') {
                int end = line.length() - (line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? 1 : 0);
                return line.substring(0, end);
            }
            line.append((char) b); // a header is ASCII
        }
    }

    /** A JSON-RPC error answer: a malformed request, an unknown card or rule version... */
    static final class ServiceError extends IOException {
        ServiceError(String method, Map<String, Object> error) {
            super(method + ": error " + error.get("code") + ": " + error.get("message"));
        }
    }
}
