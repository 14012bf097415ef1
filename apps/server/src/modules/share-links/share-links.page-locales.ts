import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@sheaf/contracts/locales';

/** The public page's words, in the app's nine languages (the page is served without the app). */
export type SharePageMessages = {
  sharedDocument: string;
  download: string;
  noPreview: string;
  passwordTitle: string;
  passwordText: string;
  passwordLabel: string;
  submit: string;
  wrongPassword: string;
  /** `{minutes}` is replaced. */
  rateLimited: string;
  notFoundTitle: string;
  notFoundText: string;
  expiredTitle: string;
  expiredText: string;
  errorTitle: string;
  errorText: string;
  footer: string;
};

export const SHARE_PAGE_MESSAGES: Record<LocaleCode, SharePageMessages> = {
  en: {
    sharedDocument: 'Shared document',
    download: 'Download',
    noPreview: 'There is no preview for this type of file.',
    passwordTitle: 'This document is protected',
    passwordText: 'Enter the password you were given to open it.',
    passwordLabel: 'Password',
    submit: 'Open',
    wrongPassword: 'This password is not the right one.',
    rateLimited: 'Too many attempts. Try again in {minutes} min.',
    notFoundTitle: 'This link does not work',
    notFoundText: 'It is unknown or was revoked, or the document is no longer shared.',
    expiredTitle: 'This link has expired',
    expiredText: 'Ask the person who shared it for a new link.',
    errorTitle: 'Something went wrong',
    errorText: 'Try again in a moment.',
    footer: 'Shared with Sheaf',
  },
  fr: {
    sharedDocument: 'Document partagé',
    download: 'Télécharger',
    noPreview: "Il n'y a pas d'aperçu pour ce type de fichier.",
    passwordTitle: 'Ce document est protégé',
    passwordText: "Saisissez le mot de passe qu'on vous a donné pour l'ouvrir.",
    passwordLabel: 'Mot de passe',
    submit: 'Ouvrir',
    wrongPassword: "Ce mot de passe n'est pas le bon.",
    rateLimited: 'Trop de tentatives. Réessayez dans {minutes} min.',
    notFoundTitle: 'Ce lien ne fonctionne pas',
    notFoundText: "Il est inconnu ou a été révoqué, ou le document n'est plus partagé.",
    expiredTitle: 'Ce lien a expiré',
    expiredText: "Demandez un nouveau lien à la personne qui l'a partagé.",
    errorTitle: "Une erreur s'est produite",
    errorText: 'Réessayez dans un instant.',
    footer: 'Partagé avec Sheaf',
  },
  de: {
    sharedDocument: 'Geteiltes Dokument',
    download: 'Herunterladen',
    noPreview: 'Für diesen Dateityp gibt es keine Vorschau.',
    passwordTitle: 'Dieses Dokument ist geschützt',
    passwordText: 'Geben Sie das Passwort ein, das Sie erhalten haben, um es zu öffnen.',
    passwordLabel: 'Passwort',
    submit: 'Öffnen',
    wrongPassword: 'Dieses Passwort ist nicht richtig.',
    rateLimited: 'Zu viele Versuche. Versuchen Sie es in {minutes} Min. erneut.',
    notFoundTitle: 'Dieser Link funktioniert nicht',
    notFoundText: 'Er ist unbekannt oder wurde widerrufen, oder das Dokument wird nicht mehr geteilt.',
    expiredTitle: 'Dieser Link ist abgelaufen',
    expiredText: 'Bitten Sie die Person, die ihn geteilt hat, um einen neuen Link.',
    errorTitle: 'Etwas ist schiefgelaufen',
    errorText: 'Versuchen Sie es gleich noch einmal.',
    footer: 'Geteilt mit Sheaf',
  },
  'pt-BR': {
    sharedDocument: 'Documento compartilhado',
    download: 'Baixar',
    noPreview: 'Não há pré-visualização para este tipo de arquivo.',
    passwordTitle: 'Este documento está protegido',
    passwordText: 'Digite a senha que você recebeu para abri-lo.',
    passwordLabel: 'Senha',
    submit: 'Abrir',
    wrongPassword: 'Esta senha não é a correta.',
    rateLimited: 'Tentativas demais. Tente novamente em {minutes} min.',
    notFoundTitle: 'Este link não funciona',
    notFoundText: 'Ele é desconhecido ou foi revogado, ou o documento não está mais compartilhado.',
    expiredTitle: 'Este link expirou',
    expiredText: 'Peça um novo link à pessoa que o compartilhou.',
    errorTitle: 'Algo deu errado',
    errorText: 'Tente novamente em instantes.',
    footer: 'Compartilhado com o Sheaf',
  },
  pt: {
    sharedDocument: 'Documento partilhado',
    download: 'Transferir',
    noPreview: 'Não há pré-visualização para este tipo de ficheiro.',
    passwordTitle: 'Este documento está protegido',
    passwordText: 'Introduza a palavra-passe que recebeu para o abrir.',
    passwordLabel: 'Palavra-passe',
    submit: 'Abrir',
    wrongPassword: 'Esta palavra-passe não é a correta.',
    rateLimited: 'Demasiadas tentativas. Tente novamente dentro de {minutes} min.',
    notFoundTitle: 'Esta ligação não funciona',
    notFoundText: 'É desconhecida ou foi revogada, ou o documento já não está partilhado.',
    expiredTitle: 'Esta ligação expirou',
    expiredText: 'Peça uma nova ligação à pessoa que a partilhou.',
    errorTitle: 'Algo correu mal',
    errorText: 'Tente novamente daqui a pouco.',
    footer: 'Partilhado com o Sheaf',
  },
  pl: {
    sharedDocument: 'Udostępniony dokument',
    download: 'Pobierz',
    noPreview: 'Dla tego typu pliku nie ma podglądu.',
    passwordTitle: 'Ten dokument jest chroniony',
    passwordText: 'Wpisz otrzymane hasło, aby go otworzyć.',
    passwordLabel: 'Hasło',
    submit: 'Otwórz',
    wrongPassword: 'To hasło jest nieprawidłowe.',
    rateLimited: 'Zbyt wiele prób. Spróbuj ponownie za {minutes} min.',
    notFoundTitle: 'Ten link nie działa',
    notFoundText: 'Jest nieznany lub został unieważniony albo dokument nie jest już udostępniany.',
    expiredTitle: 'Ten link wygasł',
    expiredText: 'Poproś osobę, która go udostępniła, o nowy link.',
    errorTitle: 'Coś poszło nie tak',
    errorText: 'Spróbuj ponownie za chwilę.',
    footer: 'Udostępniono przez Sheaf',
  },
  ro: {
    sharedDocument: 'Document partajat',
    download: 'Descarcă',
    noPreview: 'Nu există previzualizare pentru acest tip de fișier.',
    passwordTitle: 'Acest document este protejat',
    passwordText: 'Introduceți parola primită pentru a-l deschide.',
    passwordLabel: 'Parolă',
    submit: 'Deschide',
    wrongPassword: 'Această parolă nu este cea corectă.',
    rateLimited: 'Prea multe încercări. Încercați din nou peste {minutes} min.',
    notFoundTitle: 'Acest link nu funcționează',
    notFoundText: 'Este necunoscut sau a fost revocat, ori documentul nu mai este partajat.',
    expiredTitle: 'Acest link a expirat',
    expiredText: 'Cereți un link nou persoanei care l-a partajat.',
    errorTitle: 'Ceva nu a mers bine',
    errorText: 'Încercați din nou în câteva momente.',
    footer: 'Partajat cu Sheaf',
  },
  es: {
    sharedDocument: 'Documento compartido',
    download: 'Descargar',
    noPreview: 'No hay vista previa para este tipo de archivo.',
    passwordTitle: 'Este documento está protegido',
    passwordText: 'Introduce la contraseña que te dieron para abrirlo.',
    passwordLabel: 'Contraseña',
    submit: 'Abrir',
    wrongPassword: 'Esta contraseña no es la correcta.',
    rateLimited: 'Demasiados intentos. Vuelve a intentarlo en {minutes} min.',
    notFoundTitle: 'Este enlace no funciona',
    notFoundText: 'Es desconocido o fue revocado, o el documento ya no se comparte.',
    expiredTitle: 'Este enlace ha caducado',
    expiredText: 'Pide un enlace nuevo a la persona que lo compartió.',
    errorTitle: 'Algo salió mal',
    errorText: 'Vuelve a intentarlo en un momento.',
    footer: 'Compartido con Sheaf',
  },
  it: {
    sharedDocument: 'Documento condiviso',
    download: 'Scarica',
    noPreview: 'Non è disponibile un’anteprima per questo tipo di file.',
    passwordTitle: 'Questo documento è protetto',
    passwordText: 'Inserisci la password che ti è stata data per aprirlo.',
    passwordLabel: 'Password',
    submit: 'Apri',
    wrongPassword: 'Questa password non è quella giusta.',
    rateLimited: 'Troppi tentativi. Riprova tra {minutes} min.',
    notFoundTitle: 'Questo link non funziona',
    notFoundText: 'È sconosciuto o è stato revocato, oppure il documento non è più condiviso.',
    expiredTitle: 'Questo link è scaduto',
    expiredText: 'Chiedi un nuovo link alla persona che lo ha condiviso.',
    errorTitle: 'Qualcosa è andato storto',
    errorText: 'Riprova tra un momento.',
    footer: 'Condiviso con Sheaf',
  },
};

/** The visitor's language from `Accept-Language` (weights honoured, `pt-PT` → `pt`), English otherwise. */
export function pickPageLocale(acceptLanguage: string | undefined): LocaleCode {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALE_CODES.find((code) => code.toLowerCase() === tag);
    if (exact) return exact;
    const base = LOCALE_CODES.find((code) => code.toLowerCase() === tag.split('-')[0]);
    if (base) return base;
  }
  return DEFAULT_LOCALE;
}
