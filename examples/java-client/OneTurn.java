import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The rules questions of one small game's turn, asked of {@code splitcards serve}, as an engine
 * would ask them while it plays. The engine decides no split-card rule itself: every answer
 * comes from the server, with the rules that produced it and a decision id for the game log.
 *
 * <p>Each answer is printed on one line: {@code Qn method {envelope}}, the envelope as the server
 * sent it, with its version, decision id and rules first.
 *
 * <p>Usage: {@code java OneTurn [COMMAND...]}: the command line that starts the server; without
 * one, the environment variable {@code SPLITCARDS_SERVE} (split at spaces), else
 * {@code splitcards serve}.
 */
public final class OneTurn {
    private static final PrintStream OUT =
            new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);

    private OneTurn() {}

    public static void main(String[] args) throws Exception {
        try (RulesClient rules = RulesClient.start(serveCommand(args))) {
            Map<String, Object> hello = rules.initialize("java-client example");
            OUT.println("initialize " + Json.write(Json.object(
                    "server", hello.get("server"),
                    "server_version", hello.get("server_version"),
                    "version", hello.get("version"),
                    "default_rules", hello.get("default_rules"))));

            // Q1, Q2: Fire // Ice was discarded. What is it in the graveyard, and may it be cast
            // from there? Asked under the 2009 rules and under the 2017 ones, two questions a batch.
            fireIceInTheGraveyard(rules, "Q1", "classic-2009");
            fireIceInTheGraveyard(rules, "Q2", "amonkhet-2017");

            // Q3: Turn // Burn cast fused from the hand while an effect taxes spells {1}.
            show("Q3", "cast_decision", rules.ask("cast_decision", Json.object(
                    "rules", "current",
                    "card", "Turn // Burn",
                    "zone", "hand",
                    "option", "fused",
                    "cost_increase", "{1}")));

            // Q4: Dusk // Dawn is in the graveyard. Every legal way to cast it from there; then, for
            // each, how the spell it puts on the stack resolves.
            Map<String, Object> ways = rules.ask("ways_to_cast", Json.object(
                    "card", "Dusk // Dawn",
                    "zone", "graveyard"));
            show("Q4", "ways_to_cast", ways);
            for (Object way : Json.asArray(ways.get("value"))) {
                Object spell = Json.asObject(way).get("spell");
                show("Q4", "resolution", rules.ask("resolution", Json.object(
                        "card", "Dusk // Dawn",
                        "zone", "stack",
                        "spell", spell)));
            }

            // Q5: a Room on the battlefield with its left door unlocked: what may be unlocked now,
            // for what, and what unlocking it does.
            show("Q5", "doors", rules.ask("doors", Json.object(
                    "card", "Bottomless Pool // Locker Room",
                    "zone", "battlefield",
                    "unlocked", Json.array("left"))));

            OUT.println("server exited with status " + rules.shutdown());
        } catch (IOException error) {
            // An error answer, or a server that could not be started or stopped answering.
            System.err.println("OneTurn: " + error.getMessage());
            System.exit(1);
        }
    }

    private static void fireIceInTheGraveyard(RulesClient rules, String label, String version) throws Exception {
        List<Map<String, Object>> answers = rules.batch(
                Json.object("rules", version, "card", "Fire // Ice", "zone", "graveyard"),
                Json.array(
                        Json.object("method", "characteristics", "params", Json.object()),
                        // why_not: the refused ways too, each with why.
                        Json.object("method", "ways_to_cast", "params", Json.object("explain", "why_not"))));
        show(label, "characteristics", answers.get(0));
        show(label, "ways_to_cast", answers.get(1));
    }

    private static void show(String label, String method, Map<String, Object> envelope) {
        Map<String, Object> shown = Json.object(
                "version", envelope.get("version"),
                "decision", envelope.get("decision"),
                "rules", envelope.get("rules"));
        shown.putAll(envelope); // the value, and a refusal or a trace when there is one
        OUT.println(label + " " + method + " " + Json.write(shown));
    }

    private static List<String> serveCommand(String[] args) {
        if (args.length > 0) {
            return List.of(args);
        }
        String fromEnvironment = System.getenv("SPLITCARDS_SERVE");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return List.of(fromEnvironment.trim().split("\\s+"));
        }
        return List.of("splitcards", "serve");
    }
}
