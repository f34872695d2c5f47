// Learn to play: the Learn dialog (the game's lessons, each ticked once
// learned in this browser), the lesson panel over the table while a lesson
// is on it (its goal, Show me, Start again, the next lesson), and the
// welcome a newcomer to each game gets. Python holds the lessons and judges the moves
// (the package's teaching.py); this shows what the view says of them.

import { $, html, el, clear, embedded } from "./dom.js";
import { page } from "./state.js";
import { cutShort, opensOver } from "./layout.js";

/** The screens where the page is laid out for a phone (style.css): the table fills the screen there already. */
const PHONE = matchMedia("(max-width: 52rem), (max-height: 30rem) and (orientation: landscape)");

/** On a desktop, the board under a lesson keeps to the screen: as tall as
 * the room between the lesson and the bottom row of buttons (the lesson
 * keeps one height while it is on the table, so the board does not move). */
function fitBoard() {
  const box = document.querySelector(".canvas-box");
  const fitted = html.hasAttribute("data-lesson") && !embedded && !PHONE.matches;
  const height = fitted
    ? `${Math.max(288, innerHeight - (box.getBoundingClientRect().top + scrollY) - $("controls").offsetHeight - 16)}px`
    : "";
  if (box.style.height !== height) box.style.height = height;
}

/** Put lesson ``id`` of the game on the table on the table (``send``: the bridge to Python, web/ui/bridge.js). */
function openLesson(send, id) {
  if ($("learn-dialog").open) $("learn-dialog").close();
  if ($("rules-dialog").open) $("rules-dialog").close();
  send({ type: "lesson", game: page.view.setup.game, lesson: id });
}

/** The first lesson not learned yet (the first, once all are). */
function firstToLearn(tour) {
  return (tour.lessons.find((lesson) => !lesson.learned) || tour.lessons[0]).id;
}

function openLearn() {
  const view = page.view;
  if (!view) return;
  const tour = view.tour;
  const list = $("learn-list");
  clear(list);
  const learned = tour.lessons.filter((lesson) => lesson.learned).length;
  $("learn-title").textContent = `Learn to play ${tour.title}`;
  $("learn-summary").textContent =
    `${tour.lessons.length} short lessons, each one idea on a real position: you make the move on the board. ` +
    (learned ? `You have done ${learned} of them.` : "A few minutes in all.");
  tour.lessons.forEach((lesson, index) => {
    const button = el("button", `${index + 1}. ${lesson.title}`, { type: "button", "data-lesson": lesson.id });
    if (lesson.learned) {
      button.append(el("span", " ✓", { "aria-hidden": "true" }));
      button.setAttribute("aria-label", `${index + 1}. ${lesson.title} (done)`);
    }
    const item = el("li");
    item.append(button);
    list.append(item);
  });
  $("learn-start").textContent = learned && learned < tour.lessons.length ? "Go on" : "Start";
  $("learn-dialog").showModal();
}


/** The lesson panel, the Hint button as Show me, and the welcome line. */
export function renderLearning(view) {
  const lesson = view.lesson;
  $("lesson").hidden = !lesson;
  html.toggleAttribute("data-lesson", Boolean(lesson));
  $("learn-button").hidden = $("learn-menu-button").hidden = !view.tour.lessons.length;
  $("rules-learn").hidden = !view.tour.lessons.length;
  $("hint-button").textContent = lesson ? "Show me" : "Hint";
  $("hint-button").title = lesson ? "Show on the board how to meet the lesson's goal" : "Ask the hard bot what it would play";
  $("welcome-banner").hidden = !(view.welcome && view.tour.lessons.length > 0);
  $("welcome-learn").textContent = `Learn ${view.tour.title}: ${view.tour.lessons.length} short lessons`;
  if (!lesson) {
    fitBoard();
    return;
  }
  $("lesson-title").textContent = lesson.heading; // "Lesson 2 of 7: …", or "Puzzle"
  // The panel keeps its height when the goal is met (the board under it must not move):
  // the box before the goal is ticked, the lesson's closing words come as the message.
  $("lesson-text").textContent = lesson.intro;
  $("lesson-goal").textContent = `${lesson.met ? "☑" : "☐"} ${lesson.goal}`;
  $("lesson-goal").classList.toggle("met", lesson.met);
  $("lesson-goal").setAttribute("aria-label", `${lesson.met ? "Done" : "Goal"}: ${lesson.goal}`);
  $("lesson-credit").textContent = lesson.credit;
  $("lesson-credit").hidden = !lesson.credit;
  fitLessonWords();
  const next = $("lesson-next");
  next.disabled = !lesson.button.enabled;
  next.textContent = lesson.button.label;
  next.title = lesson.button.title;
  $("lesson-list").hidden = lesson.kind === "puzzle"; // (a puzzle is in no tour)
  fitBoard();
}

/** Where the lesson's words are cut short (a phone, an embed: style.css),
 * a tap on them opens them whole (#lesson-all). */
function fitLessonWords() {
  const read = $("lesson-read");
  read.hidden = true;
  // (A phone on its side keeps the title to a line and the goal to two: the popover has them whole.)
  read.hidden = !["lesson-more", "lesson-goal", "lesson-title"].some((id) => cutShort($(id)));
  if (read.hidden && $("lesson-all").matches(":popover-open")) $("lesson-all").hidePopover();
}

/** The lesson's words, whole, in the box a tap on them opens. */
function fillLessonAll() {
  $("lesson-all-title").textContent = $("lesson-title").textContent;
  $("lesson-all-goal").textContent = $("lesson-goal").textContent;
  $("lesson-all-goal").className = $("lesson-goal").className;
  $("lesson-all-text").textContent = $("lesson-text").textContent;
  $("lesson-all-credit").textContent = $("lesson-credit").hidden ? "" : $("lesson-credit").textContent;
}

export function wireLearn(send) {
  addEventListener("resize", () => {
    fitBoard();
    if (page.view && page.view.lesson) fitLessonWords();
  });
  opensOver($("lesson-all"), $("lesson"), fillLessonAll);
  $("learn-button").addEventListener("click", openLearn);
  $("learn-menu-button").addEventListener("click", () => {
    $("share-menu").removeAttribute("open");
    openLearn();
  });
  $("rules-learn").addEventListener("click", () => {
    $("rules-dialog").close();
    openLearn();
  });
  $("welcome-learn").addEventListener("click", () => openLesson(send, firstToLearn(page.view.tour)));
  $("welcome-dismiss").addEventListener("click", () => send({ type: "welcome" })); // Not now, for this game
  $("learn-list").addEventListener("click", (event) => {
    const button = event.target.closest("[data-lesson]");
    if (button) openLesson(send, button.dataset.lesson);
  });
  $("learn-start").addEventListener("click", () => openLesson(send, firstToLearn(page.view.tour)));
  $("learn-close").addEventListener("click", () => $("learn-dialog").close());
  $("lesson-again").addEventListener("click", () => send(page.view.lesson.again));
  $("lesson-next").addEventListener("click", () => {
    const { button } = page.view.lesson;
    if (button.event) send(button.event);
  });
  $("lesson-list").addEventListener("click", openLearn);
  // Leaving puts the player's own game of this game back (the package's saves.py: a lesson is never saved).
  $("lesson-leave").addEventListener("click", () => send({ type: "game", name: page.view.setup.game }));
}
