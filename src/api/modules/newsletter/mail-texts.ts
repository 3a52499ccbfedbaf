import type { Locale, Translated } from "../../../domain/i18n/locales.ts";

interface ConfirmationTexts {
  subject: string;
  intro: string;
  action: string;
  /** Shown under the button for mail clients that hide it. */
  fallback: string;
  ignore: string;
}

/** The double opt-in mail; {product} is the configured product name. */
const confirmationTexts: Translated<ConfirmationTexts> = {
  de: {
    subject: "Bitte bestätige deine Anmeldung zum {product}-Newsletter",
    intro:
      "Danke für dein Interesse am Newsletter von {product}! Bitte bestätige deine E-Mail-Adresse, damit wir dir Angebote und Neuigkeiten schicken dürfen.",
    action: "Anmeldung bestätigen",
    fallback: "Falls der Button nicht funktioniert, öffne diesen Link:",
    ignore: "Du hast dich nicht angemeldet? Dann ignoriere diese E-Mail einfach – ohne Bestätigung erhältst du keinen Newsletter.",
  },
  en: {
    subject: "Please confirm your {product} newsletter subscription",
    intro:
      "Thanks for your interest in the {product} newsletter! Please confirm your e-mail address so that we may send you offers and news.",
    action: "Confirm subscription",
    fallback: "If the button does not work, open this link:",
    ignore: "Didn't sign up? Simply ignore this e-mail – without confirmation you will not receive any newsletter.",
  },
  es: {
    subject: "Confirma tu suscripción al boletín de {product}",
    intro:
      "¡Gracias por tu interés en el boletín de {product}! Confirma tu dirección de correo electrónico para que podamos enviarte ofertas y novedades.",
    action: "Confirmar suscripción",
    fallback: "Si el botón no funciona, abre este enlace:",
    ignore: "¿No te has suscrito? Simplemente ignora este correo: sin confirmación no recibirás ningún boletín.",
  },
  fr: {
    subject: "Confirmez votre inscription à la newsletter {product}",
    intro:
      "Merci de votre intérêt pour la newsletter {product} ! Veuillez confirmer votre adresse e-mail afin que nous puissions vous envoyer nos offres et nouveautés.",
    action: "Confirmer l'inscription",
    fallback: "Si le bouton ne fonctionne pas, ouvrez ce lien :",
    ignore: "Vous ne vous êtes pas inscrit ? Ignorez simplement cet e-mail : sans confirmation, vous ne recevrez aucune newsletter.",
  },
  it: {
    subject: "Conferma la tua iscrizione alla newsletter di {product}",
    intro:
      "Grazie per l'interesse nella newsletter di {product}! Conferma il tuo indirizzo e-mail, così potremo inviarti offerte e novità.",
    action: "Conferma iscrizione",
    fallback: "Se il pulsante non funziona, apri questo link:",
    ignore: "Non ti sei iscritto? Ignora semplicemente questa e-mail: senza conferma non riceverai alcuna newsletter.",
  },
  nl: {
    subject: "Bevestig je aanmelding voor de nieuwsbrief van {product}",
    intro:
      "Bedankt voor je interesse in de nieuwsbrief van {product}! Bevestig je e-mailadres, zodat we je aanbiedingen en nieuws mogen sturen.",
    action: "Aanmelding bevestigen",
    fallback: "Werkt de knop niet? Open dan deze link:",
    ignore: "Heb je je niet aangemeld? Negeer deze e-mail dan gewoon – zonder bevestiging ontvang je geen nieuwsbrief.",
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Subject, plain text and HTML of the confirmation mail in one language. */
export function confirmationMail(locale: Locale, values: { product: string; link: string }) {
  const t = confirmationTexts[locale];
  const fill = (s: string) => s.replaceAll("{product}", values.product);
  const subject = fill(t.subject);
  const intro = fill(t.intro);
  const ignore = fill(t.ignore);
  const link = escapeHtml(values.link);
  return {
    subject,
    text: `${intro}\n\n${t.action}: ${values.link}\n\n${ignore}\n`,
    html: [
      `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${link}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.action)}</a></p>`,
      `<p>${escapeHtml(t.fallback)}<br><a href="${link}">${link}</a></p>`,
      `<p style="color:#555">${escapeHtml(ignore)}</p>`,
      `</body></html>`,
    ].join("\n"),
  };
}
