import type { Locale, Translated } from "../../../domain/i18n/locales.ts";

/** A mailed link's page: what the mail asks, the button, how long the link works, and what to do if it was not you. */
interface LinkMailTexts {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

interface AccountMailTexts {
  /** Shown under a button for mail clients that hide it. */
  fallback: string;
  signOff: string;
  passwordReset: LinkMailTexts;
  verifyEmail: LinkMailTexts;
  confirmNewEmail: LinkMailTexts;
  registrationAttempt: { subject: string; intro: string; choice: string; login: string; reset: string; ignore: string };
  emailChanged: { subject: string; intro: string; notYou: string };
}

/** {product} is the configured product name, {email} the account's new address. */
const texts: Translated<AccountMailTexts> = {
  de: {
    fallback: "Falls der Button nicht funktioniert, öffne diesen Link:",
    signOff: "Viele Grüße\ndein {product}-Team",
    passwordReset: {
      subject: "Dein neues Passwort für {product}",
      intro: "Du hast ein neues Passwort für dein {product}-Konto angefordert. Über den Button kannst du es jetzt festlegen.",
      action: "Neues Passwort festlegen",
      validity: "Der Link ist eine Stunde lang gültig und funktioniert nur einmal.",
      ignore: "Du hast kein neues Passwort angefordert? Dann ignoriere diese E-Mail einfach – dein bisheriges Passwort bleibt gültig.",
    },
    verifyEmail: {
      subject: "Bitte bestätige deine E-Mail-Adresse für {product}",
      intro: "Willkommen bei {product}! Bitte bestätige noch deine E-Mail-Adresse – danach bist du direkt angemeldet.",
      action: "E-Mail-Adresse bestätigen",
      validity: "Der Link ist 48 Stunden lang gültig und funktioniert nur einmal.",
      ignore: "Du hast kein Konto bei {product} angelegt? Dann hat sich wahrscheinlich jemand bei der Adresse vertippt – ignoriere diese E-Mail einfach.",
    },
    confirmNewEmail: {
      subject: "Bitte bestätige deine neue E-Mail-Adresse für {product}",
      intro: "Du möchtest für dein {product}-Konto ab jetzt diese E-Mail-Adresse verwenden. Bitte bestätige die Änderung – erst dann wird sie übernommen.",
      action: "Neue Adresse bestätigen",
      validity: "Der Link ist 48 Stunden lang gültig und funktioniert nur einmal.",
      ignore: "Du hast keine Änderung angefordert? Dann ignoriere diese E-Mail einfach – es bleibt alles, wie es ist.",
    },
    registrationAttempt: {
      subject: "Jemand wollte mit deiner E-Mail-Adresse ein Konto bei {product} anlegen",
      intro: "Gerade wollte jemand mit dieser E-Mail-Adresse ein neues Konto bei {product} anlegen. Für diese Adresse gibt es aber schon ein Konto – deins.",
      choice: "Warst du das? Dann melde dich einfach mit deinem Passwort an. Falls du es vergessen hast, kannst du dir ein neues festlegen.",
      login: "Anmelden",
      reset: "Neues Passwort festlegen",
      ignore: "Warst du das nicht? Dann kannst du diese E-Mail ignorieren – niemand hat dadurch Zugang zu deinem Konto bekommen.",
    },
    emailChanged: {
      subject: "Die E-Mail-Adresse deines {product}-Kontos wurde geändert",
      intro: "Die E-Mail-Adresse deines {product}-Kontos wurde gerade in {email} geändert. Unsere E-Mails gehen ab jetzt an diese Adresse, und du meldest dich mit ihr an.",
      notYou: "Das warst nicht du? Dann antworte bitte sofort auf diese E-Mail – wir helfen dir, dein Konto zurückzubekommen.",
    },
  },
  en: {
    fallback: "If the button does not work, open this link:",
    signOff: "Best wishes\nYour {product} team",
    passwordReset: {
      subject: "Your new {product} password",
      intro: "You asked for a new password for your {product} account. Use the button to set it now.",
      action: "Set a new password",
      validity: "The link is valid for one hour and works only once.",
      ignore: "Didn't ask for a new password? Simply ignore this e-mail – your current password stays as it is.",
    },
    verifyEmail: {
      subject: "Please confirm your e-mail address for {product}",
      intro: "Welcome to {product}! Please confirm your e-mail address – you will be signed in right away.",
      action: "Confirm e-mail address",
      validity: "The link is valid for 48 hours and works only once.",
      ignore: "Didn't create a {product} account? Someone probably mistyped their address – simply ignore this e-mail.",
    },
    confirmNewEmail: {
      subject: "Please confirm your new e-mail address for {product}",
      intro: "You would like to use this e-mail address for your {product} account from now on. Please confirm the change – only then will it take effect.",
      action: "Confirm new address",
      validity: "The link is valid for 48 hours and works only once.",
      ignore: "Didn't ask for this change? Simply ignore this e-mail – everything stays as it is.",
    },
    registrationAttempt: {
      subject: "Someone tried to create a {product} account with your e-mail address",
      intro: "Someone just tried to create a new {product} account with this e-mail address. There already is an account for it – yours.",
      choice: "Was that you? Then simply log in with your password. If you have forgotten it, you can set a new one.",
      login: "Log in",
      reset: "Set a new password",
      ignore: "Wasn't you? Then you can ignore this e-mail – nobody has gained access to your account.",
    },
    emailChanged: {
      subject: "The e-mail address of your {product} account has changed",
      intro: "The e-mail address of your {product} account has just been changed to {email}. From now on our e-mails go to that address, and you log in with it.",
      notYou: "Wasn't you? Please reply to this e-mail straight away – we will help you get your account back.",
    },
  },
  es: {
    fallback: "Si el botón no funciona, abre este enlace:",
    signOff: "Un saludo,\nel equipo de {product}",
    passwordReset: {
      subject: "Tu nueva contraseña de {product}",
      intro: "Has solicitado una nueva contraseña para tu cuenta de {product}. Con el botón puedes establecerla ahora mismo.",
      action: "Establecer nueva contraseña",
      validity: "El enlace es válido durante una hora y solo funciona una vez.",
      ignore: "¿No has solicitado una nueva contraseña? Simplemente ignora este correo: tu contraseña actual sigue siendo válida.",
    },
    verifyEmail: {
      subject: "Confirma tu dirección de correo electrónico para {product}",
      intro: "¡Te damos la bienvenida a {product}! Confirma tu dirección de correo electrónico y habrás iniciado sesión al instante.",
      action: "Confirmar dirección de correo",
      validity: "El enlace es válido durante 48 horas y solo funciona una vez.",
      ignore: "¿No has creado ninguna cuenta en {product}? Probablemente alguien se equivocó al escribir su dirección: simplemente ignora este correo.",
    },
    confirmNewEmail: {
      subject: "Confirma tu nueva dirección de correo para {product}",
      intro: "Quieres usar esta dirección de correo electrónico para tu cuenta de {product} a partir de ahora. Confirma el cambio: solo entonces se aplicará.",
      action: "Confirmar nueva dirección",
      validity: "El enlace es válido durante 48 horas y solo funciona una vez.",
      ignore: "¿No has solicitado este cambio? Simplemente ignora este correo: todo seguirá igual.",
    },
    registrationAttempt: {
      subject: "Alguien ha intentado crear una cuenta de {product} con tu dirección de correo",
      intro: "Alguien acaba de intentar crear una nueva cuenta de {product} con esta dirección de correo electrónico. Pero ya existe una cuenta con ella: la tuya.",
      choice: "¿Has sido tú? Entonces inicia sesión con tu contraseña. Si la has olvidado, puedes establecer una nueva.",
      login: "Iniciar sesión",
      reset: "Establecer nueva contraseña",
      ignore: "¿No has sido tú? Puedes ignorar este correo: nadie ha obtenido acceso a tu cuenta.",
    },
    emailChanged: {
      subject: "Se ha cambiado la dirección de correo de tu cuenta de {product}",
      intro: "La dirección de correo electrónico de tu cuenta de {product} acaba de cambiarse a {email}. A partir de ahora te enviaremos los correos a esa dirección y la usarás para iniciar sesión.",
      notYou: "¿No has sido tú? Responde a este correo cuanto antes: te ayudaremos a recuperar tu cuenta.",
    },
  },
  fr: {
    fallback: "Si le bouton ne fonctionne pas, ouvrez ce lien :",
    signOff: "À bientôt,\nl'équipe {product}",
    passwordReset: {
      subject: "Votre nouveau mot de passe {product}",
      intro: "Vous avez demandé un nouveau mot de passe pour votre compte {product}. Le bouton ci-dessous vous permet de le définir dès maintenant.",
      action: "Définir un nouveau mot de passe",
      validity: "Le lien est valable une heure et ne fonctionne qu'une seule fois.",
      ignore: "Vous n'avez pas demandé de nouveau mot de passe ? Ignorez simplement cet e-mail : votre mot de passe actuel reste valable.",
    },
    verifyEmail: {
      subject: "Confirmez votre adresse e-mail pour {product}",
      intro: "Bienvenue sur {product} ! Confirmez votre adresse e-mail, et votre session s'ouvrira aussitôt.",
      action: "Confirmer l'adresse e-mail",
      validity: "Le lien est valable 48 heures et ne fonctionne qu'une seule fois.",
      ignore: "Vous n'avez pas créé de compte sur {product} ? Quelqu'un s'est sans doute trompé d'adresse : ignorez simplement cet e-mail.",
    },
    confirmNewEmail: {
      subject: "Confirmez votre nouvelle adresse e-mail pour {product}",
      intro: "Vous souhaitez désormais utiliser cette adresse e-mail pour votre compte {product}. Veuillez confirmer ce changement : il ne prendra effet qu'après votre confirmation.",
      action: "Confirmer la nouvelle adresse",
      validity: "Le lien est valable 48 heures et ne fonctionne qu'une seule fois.",
      ignore: "Vous n'avez pas demandé ce changement ? Ignorez simplement cet e-mail : rien ne change.",
    },
    registrationAttempt: {
      subject: "Quelqu'un a tenté de créer un compte {product} avec votre adresse e-mail",
      intro: "Quelqu'un vient d'essayer de créer un nouveau compte {product} avec cette adresse e-mail. Or, un compte existe déjà pour cette adresse : le vôtre.",
      choice: "C'était vous ? Connectez-vous simplement avec votre mot de passe. Si vous l'avez oublié, vous pouvez en définir un nouveau.",
      login: "Se connecter",
      reset: "Définir un nouveau mot de passe",
      ignore: "Ce n'était pas vous ? Vous pouvez ignorer cet e-mail : personne n'a obtenu l'accès à votre compte.",
    },
    emailChanged: {
      subject: "L'adresse e-mail de votre compte {product} a été modifiée",
      intro: "L'adresse e-mail de votre compte {product} vient d'être remplacée par {email}. Nos e-mails seront désormais envoyés à cette adresse, et c'est avec elle que vous vous connecterez.",
      notYou: "Ce n'était pas vous ? Répondez immédiatement à cet e-mail : nous vous aiderons à récupérer votre compte.",
    },
  },
  it: {
    fallback: "Se il pulsante non funziona, apri questo link:",
    signOff: "A presto,\nil team di {product}",
    passwordReset: {
      subject: "La tua nuova password di {product}",
      intro: "Hai richiesto una nuova password per il tuo account {product}. Con il pulsante qui sotto puoi impostarla subito.",
      action: "Imposta nuova password",
      validity: "Il link è valido per un'ora e funziona una sola volta.",
      ignore: "Non hai richiesto una nuova password? Ignora semplicemente questa e-mail: la tua password attuale resta valida.",
    },
    verifyEmail: {
      subject: "Conferma il tuo indirizzo e-mail per {product}",
      intro: "Ti diamo il benvenuto su {product}! Conferma il tuo indirizzo e-mail: subito dopo avrai accesso al tuo account.",
      action: "Conferma indirizzo e-mail",
      validity: "Il link è valido per 48 ore e funziona una sola volta.",
      ignore: "Non hai creato un account su {product}? Probabilmente qualcuno ha sbagliato a digitare il proprio indirizzo: ignora semplicemente questa e-mail.",
    },
    confirmNewEmail: {
      subject: "Conferma il tuo nuovo indirizzo e-mail per {product}",
      intro: "Vuoi usare d'ora in poi questo indirizzo e-mail per il tuo account {product}. Conferma la modifica: solo allora diventerà effettiva.",
      action: "Conferma nuovo indirizzo",
      validity: "Il link è valido per 48 ore e funziona una sola volta.",
      ignore: "Non hai richiesto questa modifica? Ignora semplicemente questa e-mail: non cambierà nulla.",
    },
    registrationAttempt: {
      subject: "Qualcuno ha provato a creare un account {product} con il tuo indirizzo e-mail",
      intro: "Qualcuno ha appena provato a creare un nuovo account {product} con questo indirizzo e-mail. Ma per questo indirizzo esiste già un account: il tuo.",
      choice: "Eri tu? Allora accedi semplicemente con la tua password. Se l'hai dimenticata, puoi impostarne una nuova.",
      login: "Accedi",
      reset: "Imposta nuova password",
      ignore: "Non eri tu? Puoi ignorare questa e-mail: nessuno ha ottenuto l'accesso al tuo account.",
    },
    emailChanged: {
      subject: "L'indirizzo e-mail del tuo account {product} è stato modificato",
      intro: "L'indirizzo e-mail del tuo account {product} è appena stato cambiato in {email}. D'ora in poi le nostre e-mail arriveranno a quell'indirizzo e lo userai per accedere.",
      notYou: "Non hai fatto tu questa modifica? Rispondi subito a questa e-mail: ti aiuteremo a recuperare il tuo account.",
    },
  },
  nl: {
    fallback: "Werkt de knop niet? Open dan deze link:",
    signOff: "Groeten,\nhet {product}-team",
    passwordReset: {
      subject: "Je nieuwe wachtwoord voor {product}",
      intro: "Je hebt een nieuw wachtwoord aangevraagd voor je {product}-account. Met de knop hieronder stel je het meteen in.",
      action: "Nieuw wachtwoord instellen",
      validity: "De link is een uur geldig en werkt maar één keer.",
      ignore: "Heb je geen nieuw wachtwoord aangevraagd? Negeer deze e-mail dan gewoon – je huidige wachtwoord blijft geldig.",
    },
    verifyEmail: {
      subject: "Bevestig je e-mailadres voor {product}",
      intro: "Welkom bij {product}! Bevestig nog even je e-mailadres – daarna ben je meteen ingelogd.",
      action: "E-mailadres bevestigen",
      validity: "De link is 48 uur geldig en werkt maar één keer.",
      ignore: "Heb je geen account bij {product} aangemaakt? Dan heeft iemand zich waarschijnlijk vertypt – negeer deze e-mail gewoon.",
    },
    confirmNewEmail: {
      subject: "Bevestig je nieuwe e-mailadres voor {product}",
      intro: "Je wilt voortaan dit e-mailadres gebruiken voor je {product}-account. Bevestig de wijziging – pas dan wordt ze doorgevoerd.",
      action: "Nieuw adres bevestigen",
      validity: "De link is 48 uur geldig en werkt maar één keer.",
      ignore: "Heb je deze wijziging niet aangevraagd? Negeer deze e-mail dan gewoon – er verandert niets.",
    },
    registrationAttempt: {
      subject: "Iemand wilde met jouw e-mailadres een {product}-account aanmaken",
      intro: "Iemand probeerde zojuist met dit e-mailadres een nieuw {product}-account aan te maken. Maar er bestaat al een account met dit adres: dat van jou.",
      choice: "Was jij dat? Log dan gewoon in met je wachtwoord. Ben je het vergeten? Dan kun je een nieuw wachtwoord instellen.",
      login: "Inloggen",
      reset: "Nieuw wachtwoord instellen",
      ignore: "Was jij dat niet? Dan kun je deze e-mail negeren – niemand heeft hierdoor toegang tot je account gekregen.",
    },
    emailChanged: {
      subject: "Het e-mailadres van je {product}-account is gewijzigd",
      intro: "Het e-mailadres van je {product}-account is zojuist gewijzigd in {email}. Onze e-mails gaan vanaf nu naar dat adres en je logt er ook mee in.",
      notYou: "Was jij dit niet? Beantwoord deze e-mail dan meteen – we helpen je om je account terug te krijgen.",
    },
  },
};

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

type Block = { kind: "text"; text: string; muted?: boolean } | { kind: "button"; label: string; url: string; fallback: string } | { kind: "link"; label: string; url: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** French sets a no-break space before ! ? : ; so they never start a line. */
function typeset(text: string, locale: Locale): string {
  return locale === "fr" ? text.replace(/ ([!?:;])/g, "\u00a0$1") : text;
}

/** The newsletter's mail style: short paragraphs, one button with the plain link under it, the sign-off. */
function compose(locale: Locale, values: { product: string; email?: string }, subject: string, blocks: Block[]): ComposedMail {
  const t = texts[locale];
  const fill = (s: string) => typeset(s.replaceAll("{product}", values.product).replaceAll("{email}", values.email ?? ""), locale);
  const text: string[] = [];
  const html: string[] = [`<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;color:#111">`];
  for (const block of [...blocks, { kind: "text" as const, text: t.signOff }]) {
    if (block.kind === "text") {
      text.push(fill(block.text));
      html.push(`<p${block.muted ? ' style="color:#555"' : ""}>${escapeHtml(fill(block.text)).replaceAll("\n", "<br>")}</p>`);
    } else if (block.kind === "button") {
      const url = escapeHtml(block.url);
      text.push(`${fill(block.label)}: ${block.url}`);
      html.push(
        `<p><a href="${url}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(fill(block.label))}</a></p>`,
        `<p>${escapeHtml(fill(block.fallback))}<br><a href="${url}">${url}</a></p>`,
      );
    } else {
      text.push(`${fill(block.label)}: ${block.url}`);
      html.push(`<p><a href="${escapeHtml(block.url)}">${escapeHtml(fill(block.label))}</a></p>`);
    }
  }
  html.push("</body></html>");
  return { subject: fill(subject), text: `${text.join("\n\n")}\n`, html: html.join("\n") };
}

function linkMail(locale: Locale, which: (t: AccountMailTexts) => LinkMailTexts, values: { product: string; link: string }): ComposedMail {
  const t = texts[locale];
  const m = which(t);
  return compose(locale, values, m.subject, [
    { kind: "text", text: m.intro },
    { kind: "button", label: m.action, url: values.link, fallback: t.fallback },
    { kind: "text", text: m.validity },
    { kind: "text", text: m.ignore, muted: true },
  ]);
}

/** The link to set a new password, valid for an hour. */
export function passwordResetMail(locale: Locale, values: { product: string; link: string }): ComposedMail {
  return linkMail(locale, (t) => t.passwordReset, values);
}

/** After registration: the link proves the address and signs in. */
export function verifyEmailMail(locale: Locale, values: { product: string; link: string }): ComposedMail {
  return linkMail(locale, (t) => t.verifyEmail, values);
}

/** To the new address of an e-mail change: the change happens only when its owner follows the link. */
export function confirmNewEmailMail(locale: Locale, values: { product: string; link: string }): ComposedMail {
  return linkMail(locale, (t) => t.confirmNewEmail, values);
}

/** To an address that already has an account, instead of telling the registration form so. */
export function registrationAttemptMail(locale: Locale, values: { product: string; loginLink: string; resetLink: string }): ComposedMail {
  const t = texts[locale];
  const m = t.registrationAttempt;
  return compose(locale, values, m.subject, [
    { kind: "text", text: m.intro },
    { kind: "text", text: m.choice },
    { kind: "button", label: m.login, url: values.loginLink, fallback: t.fallback },
    { kind: "link", label: m.reset, url: values.resetLink },
    { kind: "text", text: m.ignore, muted: true },
  ]);
}

/** To the old address once the account has moved to a new one. */
export function emailChangedMail(locale: Locale, values: { product: string; email: string }): ComposedMail {
  const m = texts[locale].emailChanged;
  return compose(locale, values, m.subject, [
    { kind: "text", text: m.intro },
    { kind: "text", text: m.notYou },
  ]);
}
