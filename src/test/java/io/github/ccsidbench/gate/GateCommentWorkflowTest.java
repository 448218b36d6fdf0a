package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sticky-comment workflow's own shell step (.github/workflows/benchmark-gate-comment.yml, read from the file, not
 * copied) run in bash -e as the hosted runner runs it, with a stand-in {@code gh} that answers the pull request's head
 * and keeps the body posted. A fork's pull request controls gate.md: the body must hold no live HTML but the gate's
 * folding tags, no live {@code @mention}, one marker, valid UTF-8, and stay under GitHub's 65,536 characters.
 */
class GateCommentWorkflowTest {

    private static final Path WORKFLOW = Path.of(".github", "workflows", "benchmark-gate-comment.yml");
    private static final String STEP = "- name: Post or update the comment";
    private static final String HEAD = "0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path dir;

    /** The lines of the step's {@code run: |} block, their common indentation removed. */
    static String runBlock(List<String> lines, String stepName) {
        int i = 0;
        while (!lines.get(i).strip().equals(stepName.strip())) {
            i++;
        }
        while (!lines.get(i).strip().equals("run: |")) {
            i++;
        }
        int runIndent = lines.get(i).indexOf("run:");
        StringBuilder out = new StringBuilder();
        int indent = -1;
        for (i++; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                out.append('\n');
                continue;
            }
            int lead = line.length() - line.stripLeading().length();
            if (lead <= runIndent) {
                break;
            }
            if (indent < 0) {
                indent = lead;
            }
            out.append(line.substring(indent)).append('\n');
        }
        return out.toString();
    }

    private String post(String gateMd) throws IOException, InterruptedException {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.createDirectories(work.resolve("gate"));
        Files.writeString(work.resolve("gate/gate.md"), gateMd, StandardCharsets.UTF_8);
        Files.writeString(work.resolve("gate/pull-request.txt"), "7\n");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path posted = dir.resolve("posted.md");
        // gh api repos/R/pulls/7 --jq .head.sha: the head; .../comments --paginate: none yet; -X POST ... -F body=@F: kept.
        Path gh = bin.resolve("gh");
        Files.writeString(gh, """
                #!/usr/bin/env bash
                for a in "$@"; do
                  case "$a" in body=@*) cp "${a#body=@}" "$POSTED"; exit 0 ;; esac
                done
                case "$*" in *"/pulls/"*) echo "$HEAD_SHA" ;; esac
                """);
        Files.setPosixFilePermissions(gh, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path script = dir.resolve("step.sh");
        Files.writeString(script, runBlock(Files.readAllLines(WORKFLOW), STEP));
        ProcessBuilder pb = new ProcessBuilder("bash", "-e", script.toString()).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("POSTED", posted.toString());
        pb.environment().put("HEAD_SHA", HEAD);
        pb.environment().put("GH_TOKEN", "none");
        pb.environment().put("REPO", "owner/codec");
        pb.environment().put("RUN_URL", "https://github.com/owner/codec/actions/runs/1");
        pb.environment().put("CONCLUSION", "failure");
        Process p = pb.start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(1, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), log);
        assertTrue(Files.exists(posted), "a comment was posted: " + log);
        byte[] body = Files.readAllBytes(posted);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw new AssertionError("the posted body is not valid UTF-8", e);
        }
    }

    @Test
    void aForksGateMdIsPostedAsTextWithoutMentionsAndCutUnderGitHubsLimit() throws Exception {
        StringBuilder md = new StringBuilder("## ccsid-bench gate: FAIL\n\n<script>alert('x')</script> thanks @octocat, cc @org/team\n"
                + "<!-- ccsid-bench gate -->\n<img src=x onerror=alert(1)>\n<details><summary>2 PASS</summary>\n\n| a |\n</details>\n");
        List<String> rows = new ArrayList<>();
        while (md.length() < 70_000) {
            String row = "| ConversionBenchmark.encode ccsid=37 | <b>+1.0%</b> | 山田太郎 @someone |\n";
            rows.add(row);
            md.append(row);
        }
        String body = post(md.toString());
        assertTrue(body.startsWith("<!-- ccsid-bench gate -->\n"), body.substring(0, 100));
        assertEquals(body.indexOf("<!-- ccsid-bench gate -->"), body.lastIndexOf("<!-- ccsid-bench gate -->"), "one marker");
        assertFalse(body.contains("<script") || body.contains("<img") || body.contains("<b>"), "no live HTML");
        assertTrue(body.contains("&lt;script>alert('x')&lt;/script>"), "shown as text");
        assertTrue(body.contains("<details><summary>2 PASS</summary>") && body.contains("</details>"), "the gate's folding stays");
        assertFalse(body.matches("(?s).*@[A-Za-z0-9].*"), "no live @mention");
        assertTrue(body.contains("@\u200Bocto" + "cat") && body.contains("@\u200Borg/team"), "mentions shown, inert");
        assertTrue(body.codePointCount(0, body.length()) <= 65_536, "under GitHub's limit: " + body.length());
        assertTrue(body.contains("(cut at 60000 bytes: the whole gate.md is in the run's files)"), "says it was cut");
        assertTrue(body.strip().endsWith("[The run, with the gate's files](https://github.com/owner/codec/actions/runs/1): the"
                + " workflow's conclusion is failure."), body.substring(body.length() - 200));
    }

    @Test
    void aShortGateMdIsPostedWhole() throws Exception {
        String md = "## ccsid-bench gate: PASS\n\np < 0.05, slower by less than +8.0%\n";
        String body = post(md);
        assertTrue(body.contains("p &lt; 0.05, slower by less than +8.0%"), body);
        assertFalse(body.contains("cut at"), body);
    }
}
