/** French: the home page's texts (creating, joining, installing, opening a record), loaded with it. */
import type { HomeDict } from './home-en.js';

export const HOME_FR: HomeDict = {
  tagline: 'La Belote entre amis — un lien, quatre places.',
  createTable: 'Créer une table',
  announcements: 'Annonces (tierce, quarte…)',
  tieRule: 'En cas de 81–81',
  tieDedans: 'Dedans (le preneur perd)',
  clockwise: 'Sens des aiguilles',
  turnTimer: 'Temps par coup',
  noTimer: 'Aucun',
  seconds: '{n} s',
  fillWithBots: 'Des robots comblent les places vides',
  botLevel: 'Niveau des robots',
  easy: 'Facile',
  strong: 'Fort',
  joinTitle: 'Rejoindre une table',
  joinPlaceholder: "Coller un lien d'invitation",
  join: 'Rejoindre',
  creating: 'Création…',
  installApp: 'Installer l’appli',
  installHint: 'Ouvrez Belote depuis l’écran d’accueil, même hors ligne.',
  offlineHome: 'Vous êtes hors ligne. Les relevés de partie s’ouvrent toujours ici ; créer ou rejoindre une table demande la connexion.',
  tieRuleCoinche: 'En cas d\'égalité des preneurs et de la défense',
  openRecord: 'Ouvrir un enregistrement de partie',
  openRecordNote: 'Revoir et analyser un enregistrement de partie téléchargé (.json). Le fichier est lu sur cet appareil ; rien n’est envoyé.',
  chooseFile: 'Choisir un fichier',
};
